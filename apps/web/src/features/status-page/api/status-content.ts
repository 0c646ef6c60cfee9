import { envelope } from '@hk/domain';
import { BannerItemListSchema, IpoItemListSchema, ServiceQrInfoSchema } from '@hk/domain/content/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

// The status page's content (docs/content.md): public calls, answered in the request's language,
// so the language is part of each query key.

// POST /v9/OpenAccountHk/ipoNewList — today's IPOs (spec §7)
export async function fetchIpoList() {
  return (await apiPost('/v9/OpenAccountHk/ipoNewList', {}, envelope(IpoItemListSchema))).data;
}
export const ipoListQueryOptions = (lang: string) =>
  queryOptions({ queryKey: ['status-page', 'ipos', lang], queryFn: fetchIpoList, staleTime: 60_000 });

// POST /v9/OpenAccountHk/ipoAbs — the banner carousel (spec §7)
export async function fetchBanners() {
  return (await apiPost('/v9/OpenAccountHk/ipoAbs', {}, envelope(BannerItemListSchema))).data;
}
export const bannersQueryOptions = (lang: string) =>
  queryOptions({ queryKey: ['status-page', 'banners', lang], queryFn: fetchBanners, staleTime: 60_000 });

// POST /v9/ServiceQr/info — the QR block or the phone block (spec §7)
export async function fetchServiceQr() {
  return (await apiPost('/v9/ServiceQr/info', {}, envelope(ServiceQrInfoSchema))).data;
}
export const serviceQrQueryOptions = (lang: string) =>
  queryOptions({ queryKey: ['status-page', 'service-qr', lang], queryFn: fetchServiceQr, staleTime: 60_000 });
