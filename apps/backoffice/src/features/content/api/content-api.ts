import {
  type BannerCreate,
  BannerListSchema,
  type BannerView,
  BannerViewSchema,
  type IpoCreate,
  IpoListSchema,
  type IpoView,
  IpoViewSchema,
  type ServiceUpdate,
  type ServiceView,
  ServiceViewSchema,
} from '@hk/domain/content/contracts';
import * as z from 'zod/mini';
import { callStaffApi } from '../../../lib/api';

// The content calls (content.edit; packages/domain/src/content/contracts.ts, docs/content.md).
// Banners and customer service travel as multipart: `payload` (JSON) and an optional `file`.

export async function fetchIpos(): Promise<IpoView[]> {
  return (await callStaffApi('/content/ipos', { schema: IpoListSchema })).ipos;
}

export function saveIpo(input: IpoCreate, existing?: { id: string; version: number }): Promise<IpoView> {
  return existing
    ? callStaffApi(`/content/ipos/${encodeURIComponent(existing.id)}`, {
        method: 'PUT',
        body: { ...input, version: existing.version },
        schema: IpoViewSchema,
      })
    : callStaffApi('/content/ipos', { method: 'POST', body: input, schema: IpoViewSchema });
}

export async function deleteIpo(ipo: { id: string; version: number }): Promise<void> {
  await callStaffApi(`/content/ipos/${encodeURIComponent(ipo.id)}?version=${ipo.version}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

function multipart(payload: unknown, file: File | null): FormData {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  if (file) form.append('file', file);
  return form;
}

export async function fetchBanners(): Promise<BannerView[]> {
  return (await callStaffApi('/content/banners', { schema: BannerListSchema })).banners;
}

export function saveBanner(
  input: BannerCreate,
  file: File | null,
  existing?: { id: string; version: number },
): Promise<BannerView> {
  return existing
    ? callStaffApi(`/content/banners/${encodeURIComponent(existing.id)}`, {
        method: 'PUT',
        body: multipart({ ...input, version: existing.version }, file),
        schema: BannerViewSchema,
      })
    : callStaffApi('/content/banners', {
        method: 'POST',
        body: multipart(input, file),
        schema: BannerViewSchema,
      });
}

export async function deleteBanner(banner: { id: string; version: number }): Promise<void> {
  await callStaffApi(`/content/banners/${encodeURIComponent(banner.id)}?version=${banner.version}`, {
    method: 'DELETE',
    schema: z.null(),
  });
}

export function fetchService(): Promise<ServiceView> {
  return callStaffApi('/content/service', { schema: ServiceViewSchema });
}

export function saveService(input: ServiceUpdate, file: File | null): Promise<ServiceView> {
  return callStaffApi('/content/service', {
    method: 'PUT',
    body: multipart(input, file),
    schema: ServiceViewSchema,
  });
}
