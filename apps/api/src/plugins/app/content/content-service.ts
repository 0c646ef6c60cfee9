// The staff side of content (issue #15, docs/content.md): each change is one transaction holding
// the compare-and-set on `version` and a `content_events` row with the values before and after.
// Images are processed and staged before the transaction, never inside it.
import type { Language } from '@hk/domain';
import {
  type BannerCreate,
  BannerCreateSchema,
  BannerUpdateSchema,
  type BannerView,
  type IpoCreate,
  type IpoUpdate,
  type IpoView,
  ServiceUpdateSchema,
  type ServiceView,
} from '@hk/domain/content/contracts';
import {
  type BannerType,
  bannerDataProblems,
  checkIsBannerLive,
  checkIsIpoOpenOn,
  cleanBannerData,
  formatMoney,
  type IpoCurrency,
  minorToMoneyInput,
  parseMoneyToMinor,
} from '@hk/domain/content/rules';
import * as z from 'zod/mini';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import type { PendingRemoval, StagedFile } from '../files/file-store';
import { fieldsOfIssues, processContentImage } from './content-images';
import {
  type BannerRow,
  findService,
  type IpoRow,
  insertBanner,
  insertContentEvent,
  insertIpo,
  listBanners,
  listIpos,
  lockBanner,
  lockIpo,
  lockService,
  type ServiceRow,
  updateBannerAtVersion,
  updateIpoAtVersion,
  updateServiceAtVersion,
} from './content-repository';

export interface ContentActor {
  staffId: string;
  requestId: string | null;
}

// ---------------------------------------------------------------- views and event records

export function toIpoView(row: IpoRow, lang: Language, now: Date): IpoView {
  const currency = row.currency as IpoCurrency;
  const minor = Number(row.minSubAmountMinor);
  return {
    id: row.id,
    productCode: row.productCode,
    name: row.name,
    popularity: row.popularity,
    leverage: row.leverage,
    minSubAmount: minorToMoneyInput(minor, currency),
    minSubAmountText: formatMoney(minor, currency, lang),
    currency,
    subscribeFrom: row.subscribeFrom,
    subscribeTo: row.subscribeTo,
    published: row.published,
    sort: row.sort,
    openToday: checkIsIpoOpenOn(row, now),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function ipoRecord(row: IpoRow): Record<string, unknown> {
  return {
    productCode: row.productCode,
    name: row.name,
    popularity: row.popularity,
    leverage: row.leverage,
    minSubAmountMinor: Number(row.minSubAmountMinor),
    currency: row.currency,
    subscribeFrom: row.subscribeFrom,
    subscribeTo: row.subscribeTo,
    published: row.published,
    sort: row.sort,
    version: row.version,
  };
}

export function toBannerView(row: BannerRow, now: Date): BannerView {
  const startsAt = row.startsAt?.toISOString() ?? null;
  const endsAt = row.endsAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    type: row.type as BannerType,
    data: row.data,
    language: row.language as BannerView['language'],
    sort: row.sort,
    startsAt,
    endsAt,
    published: row.published,
    live:
      checkIsBannerLive({ ...row, startsAt, endsAt, deletedAt: null }, 'zh-CN', now) ||
      checkIsBannerLive({ ...row, startsAt, endsAt, deletedAt: null }, 'zh-HK', now) ||
      checkIsBannerLive({ ...row, startsAt, endsAt, deletedAt: null }, 'en', now),
    image: {
      // the console previews through its own session (a banner not yet published is not public)
      url: `/backoffice/api/content/banners/${row.id}/image?v=${row.imageSha256.slice(0, 16)}`,
      width: row.imageWidth,
      height: row.imageHeight,
      sha256: row.imageSha256,
    },
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function bannerRecord(row: BannerRow): Record<string, unknown> {
  return {
    title: row.title,
    type: row.type,
    data: row.data,
    language: row.language,
    sort: row.sort,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    published: row.published,
    imageSha256: row.imageSha256,
    version: row.version,
  };
}

export function toServiceView(row: ServiceRow): ServiceView {
  return {
    phoneHk: row.phoneHk,
    phoneCn: row.phoneCn,
    hours: row.hours,
    showQr: row.showQr,
    chatAccount: row.chatAccount,
    qrImageUrl: row.qrImageKey ? `/backoffice/api/content/service/qr?v=${row.qrImageKey.slice(0, 16)}` : null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function serviceRecord(row: ServiceRow): Record<string, unknown> {
  return {
    phoneHk: row.phoneHk,
    phoneCn: row.phoneCn,
    hours: row.hours,
    showQr: row.showQr,
    chatAccount: row.chatAccount,
    hasQrImage: row.qrImageKey !== null,
    version: row.version,
  };
}

// ---------------------------------------------------------------- IPOs

function ipoValues(input: IpoCreate) {
  const minor = parseMoneyToMinor(input.minSubAmount, input.currency);
  if (minor === null) throw new AppError('VALIDATION_FAILED', { minSubAmount: 'content_amount_invalid' });
  return {
    productCode: input.productCode.toUpperCase(),
    name: input.name,
    popularity: input.popularity,
    leverage: input.leverage,
    minSubAmountMinor: BigInt(minor),
    currency: input.currency,
    subscribeFrom: input.subscribeFrom,
    subscribeTo: input.subscribeTo,
    published: input.published,
    sort: input.sort,
  };
}

export async function fetchIpos(ctx: AppContext, lang: Language): Promise<IpoView[]> {
  const now = ctx.now();
  return (await listIpos(ctx.db)).map((r) => toIpoView(r, lang, now));
}

export async function createIpo(ctx: AppContext, actor: ContentActor, input: IpoCreate, lang: Language) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertIpo(tx, ipoValues(input), actor.staffId, now);
    await insertContentEvent(tx, {
      ...actor,
      entity: 'ipo',
      entityId: created.id,
      action: 'created',
      previous: null,
      next: ipoRecord(created),
      now,
    });
    return created;
  });
  return toIpoView(row, lang, now);
}

/** A stale `version` is 5302, a missing or deleted IPO 5301; nothing is written either way. */
export async function updateIpo(
  ctx: AppContext,
  actor: ContentActor,
  id: string,
  input: IpoUpdate,
  lang: Language,
) {
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockIpo(tx, id);
    if (!before) throw new AppError('CONTENT_NOT_FOUND');
    if (before.version !== input.version) throw new AppError('CONTENT_VERSION_CONFLICT');
    const after = await updateIpoAtVersion(tx, id, input.version, ipoValues(input), actor.staffId, now);
    if (!after) throw new AppError('CONTENT_VERSION_CONFLICT');
    await insertContentEvent(tx, {
      ...actor,
      entity: 'ipo',
      entityId: id,
      action: 'updated',
      previous: ipoRecord(before),
      next: ipoRecord(after),
      now,
    });
    return after;
  });
  return toIpoView(row, lang, now);
}

export async function deleteIpo(ctx: AppContext, actor: ContentActor, id: string, version: number) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await lockIpo(tx, id);
    if (!before) throw new AppError('CONTENT_NOT_FOUND');
    if (before.version !== version) throw new AppError('CONTENT_VERSION_CONFLICT');
    const after = await updateIpoAtVersion(tx, id, version, { deletedAt: now }, actor.staffId, now);
    if (!after) throw new AppError('CONTENT_VERSION_CONFLICT');
    await insertContentEvent(tx, {
      ...actor,
      entity: 'ipo',
      entityId: id,
      action: 'deleted',
      previous: ipoRecord(before),
      next: null,
      now,
    });
  });
}

// ---------------------------------------------------------------- banners

/** The payload by its schema, then the data its type needs: every problem at its field. */
function parseBanner<S extends typeof BannerCreateSchema | typeof BannerUpdateSchema>(
  schema: S,
  payload: unknown,
): z.infer<S> {
  const parsed = z.safeParse(schema, payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldsOfIssues(parsed.error.issues));
  const value = parsed.data as BannerCreate;
  const data = Object.fromEntries(Object.entries(value.data).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const problems = bannerDataProblems(value.type, data);
  if (Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', problems);
  return { ...value, data: cleanBannerData(value.type, data) } as z.infer<S>;
}

function bannerValues(input: BannerCreate) {
  return {
    title: input.title,
    type: input.type,
    data: input.data as Record<string, string>,
    language: input.language,
    sort: input.sort,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    published: input.published,
  };
}

export async function fetchBanners(ctx: AppContext): Promise<BannerView[]> {
  const now = ctx.now();
  return (await listBanners(ctx.db)).map((r) => toBannerView(r, now));
}

/** Runs `write` with the image staged; drops the staged bytes if it fails, removes replaced ones after commit. */
async function withStaged<T>(
  ctx: AppContext,
  bytes: Buffer | null,
  write: (staged: StagedFile | null, removals: PendingRemoval[]) => Promise<T>,
): Promise<T> {
  const staged = bytes ? await ctx.files.stage(bytes) : null;
  const removals: PendingRemoval[] = [];
  let result: T;
  try {
    result = await write(staged, removals);
  } catch (err) {
    await staged?.discard();
    throw err;
  }
  await Promise.all(removals.map((r) => r.afterCommit()));
  return result;
}

export async function createBanner(
  ctx: AppContext,
  actor: ContentActor,
  payload: unknown,
  file: Buffer | null,
) {
  const input = parseBanner(BannerCreateSchema, payload);
  if (!file) throw new AppError('VALIDATION_FAILED', { file: 'content_banner_image_required' });
  const image = await processContentImage(ctx, file);
  const now = ctx.now();
  const row = await withStaged(ctx, image.bytes, async (staged) =>
    ctx.db.transaction(async (tx) => {
      await staged!.attach(tx);
      const created = await insertBanner(
        tx,
        {
          ...bannerValues(input),
          imageKey: staged!.key,
          imageMime: image.mime,
          imageWidth: image.width,
          imageHeight: image.height,
          imageSha256: image.sha256,
        },
        actor.staffId,
        now,
      );
      await insertContentEvent(tx, {
        ...actor,
        entity: 'banner',
        entityId: created.id,
        action: 'created',
        previous: null,
        next: bannerRecord(created),
        now,
      });
      return created;
    }),
  );
  return toBannerView(row, now);
}

export async function updateBanner(
  ctx: AppContext,
  actor: ContentActor,
  id: string,
  payload: unknown,
  file: Buffer | null,
) {
  const input = parseBanner(BannerUpdateSchema, payload);
  const image = file ? await processContentImage(ctx, file) : null;
  const now = ctx.now();
  const row = await withStaged(ctx, image?.bytes ?? null, async (staged, removals) =>
    ctx.db.transaction(async (tx) => {
      const before = await lockBanner(tx, id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      if (before.version !== input.version) throw new AppError('CONTENT_VERSION_CONFLICT');
      if (staged) await staged.attach(tx);
      const after = await updateBannerAtVersion(
        tx,
        id,
        input.version,
        {
          ...bannerValues(input),
          ...(staged && image
            ? {
                imageKey: staged.key,
                imageMime: image.mime,
                imageWidth: image.width,
                imageHeight: image.height,
                imageSha256: image.sha256,
              }
            : {}),
        },
        actor.staffId,
        now,
      );
      if (!after) throw new AppError('CONTENT_VERSION_CONFLICT');
      if (staged) removals.push(await ctx.files.remove(tx, before.imageKey));
      await insertContentEvent(tx, {
        ...actor,
        entity: 'banner',
        entityId: id,
        action: 'updated',
        previous: bannerRecord(before),
        next: bannerRecord(after),
        now,
      });
      return after;
    }),
  );
  return toBannerView(row, now);
}

export async function deleteBanner(ctx: AppContext, actor: ContentActor, id: string, version: number) {
  const now = ctx.now();
  await withStaged(ctx, null, async (_staged, removals) =>
    ctx.db.transaction(async (tx) => {
      const before = await lockBanner(tx, id);
      if (!before) throw new AppError('CONTENT_NOT_FOUND');
      if (before.version !== version) throw new AppError('CONTENT_VERSION_CONFLICT');
      const after = await updateBannerAtVersion(tx, id, version, { deletedAt: now }, actor.staffId, now);
      if (!after) throw new AppError('CONTENT_VERSION_CONFLICT');
      // a deleted banner's image is public no more: its bytes go (the event keeps its SHA-256)
      removals.push(await ctx.files.remove(tx, before.imageKey));
      await insertContentEvent(tx, {
        ...actor,
        entity: 'banner',
        entityId: id,
        action: 'deleted',
        previous: bannerRecord(before),
        next: null,
        now,
      });
    }),
  );
}

// ---------------------------------------------------------------- customer service

export async function fetchService(ctx: AppContext): Promise<ServiceView> {
  return toServiceView(await findService(ctx.db));
}

export async function updateService(
  ctx: AppContext,
  actor: ContentActor,
  payload: unknown,
  file: Buffer | null,
) {
  const parsed = z.safeParse(ServiceUpdateSchema, payload);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', fieldsOfIssues(parsed.error.issues));
  const input = parsed.data;
  if (file && input.removeQr) throw new AppError('VALIDATION_FAILED', { removeQr: 'invalid_value' });
  // cheap first: the QR block needs a chat account and an image (new or kept)
  if (input.showQr && (!input.chatAccount || input.removeQr))
    throw new AppError('VALIDATION_FAILED', { showQr: 'content_qr_required' });
  const image = file ? await processContentImage(ctx, file) : null;
  const now = ctx.now();
  const row = await withStaged(ctx, image?.bytes ?? null, async (staged, removals) =>
    ctx.db.transaction(async (tx) => {
      const before = await lockService(tx);
      if (before.version !== input.version) throw new AppError('CONTENT_VERSION_CONFLICT');
      const keepsImage = !input.removeQr && (staged !== null || before.qrImageKey !== null);
      if (input.showQr && !keepsImage)
        throw new AppError('VALIDATION_FAILED', { showQr: 'content_qr_required' });
      if (staged) await staged.attach(tx);
      const after = await updateServiceAtVersion(
        tx,
        input.version,
        {
          phoneHk: input.phoneHk,
          phoneCn: input.phoneCn,
          hours: input.hours,
          showQr: input.showQr,
          chatAccount: input.chatAccount,
          ...(staged && image ? { qrImageKey: staged.key, qrImageMime: image.mime } : {}),
          ...(input.removeQr ? { qrImageKey: null, qrImageMime: null } : {}),
        },
        actor.staffId,
        now,
      );
      if (!after) throw new AppError('CONTENT_VERSION_CONFLICT');
      if ((staged || input.removeQr) && before.qrImageKey)
        removals.push(await ctx.files.remove(tx, before.qrImageKey));
      await insertContentEvent(tx, {
        ...actor,
        entity: 'service',
        entityId: '1',
        action: 'updated',
        previous: serviceRecord(before),
        next: serviceRecord(after),
        now,
      });
      return after;
    }),
  );
  return toServiceView(row);
}
