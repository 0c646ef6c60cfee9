// The applicant's side of content (issue #15, docs/content.md "Cache"): an in-process snapshot of
// the published content, checked on each request against `contentStamp` (one small query on the
// append-only events table). Every change writes an event in its own transaction, so a change made
// by this process or another one on the same database is seen by the next request. What depends
// on the time (a banner's schedule, an IPO's subscription days in Hong Kong) is decided per request.
import type { Language } from '@hk/domain';
import type { BannerItem, IpoItem, ServiceQrInfo } from '@hk/domain/content/contracts';
import {
  type BannerType,
  checkIsBannerLive,
  checkIsIpoOpenOn,
  currencyName,
  formatMoneyDigits,
  type IpoCurrency,
} from '@hk/domain/content/rules';
import type { Db } from '../../../db/client';
import { bannerImageUrl, qrImageUrl } from './content-image-names';
import {
  type BannerRow,
  contentStamp,
  findService,
  type IpoRow,
  listPublishedBanners,
  listPublishedIpos,
  type ServiceRow,
} from './content-repository';

interface Snapshot {
  ipos: IpoRow[];
  banners: BannerRow[];
  service: ServiceRow;
  /** Public image name → where its bytes are: published banners' and the QR. */
  images: Map<string, { key: string; mime: string }>;
}

export interface ContentCache {
  todaysIpos(lang: Language): Promise<IpoItem[]>;
  liveBanners(lang: Language): Promise<BannerItem[]>;
  serviceInfo(lang: Language): Promise<ServiceQrInfo>;
  /**
   * The same, for a stamp the caller read itself (`contentStampSql` in its own query): the status
   * call reads the stamp with the session and the application, and costs no query of its own here
   * while the content is unchanged.
   */
  serviceInfoAt(stamp: string, lang: Language): Promise<ServiceQrInfo>;
  /** The stored image behind a public name, or undefined when no published content names it. */
  image(name: string): Promise<{ key: string; mime: string } | undefined>;
  /** Snapshots loaded since the cache was made (tests). */
  loads(): number;
}

/** The cache of one app: it reads the database and the clock only (the app's context holds it). */
export function createContentCache(ctx: { db: Db; now: () => Date }): ContentCache {
  let current: { stamp: string; snapshot: Snapshot } | null = null;
  let pending: { stamp: string; promise: Promise<Snapshot> } | null = null;
  let loads = 0;

  const load = async (): Promise<Snapshot> => {
    loads += 1;
    const [ipos, banners, service] = await Promise.all([
      listPublishedIpos(ctx.db),
      listPublishedBanners(ctx.db),
      findService(ctx.db),
    ]);
    const images = new Map<string, { key: string; mime: string }>();
    for (const b of banners) images.set(b.imageSha256, { key: b.imageKey, mime: b.imageMime });
    if (service.qrImageKey && service.qrImageMime)
      images.set(service.qrImageKey, { key: service.qrImageKey, mime: service.qrImageMime });
    return { ipos, banners, service, images };
  };

  // the stamp is read before loading: a change committing meanwhile moves it, and the next request reloads
  const snapshot = async (): Promise<Snapshot> => snapshotAt(await contentStamp(ctx.db));

  const snapshotAt = async (stamp: string): Promise<Snapshot> => {
    if (current?.stamp === stamp) return current.snapshot;
    if (pending?.stamp !== stamp) {
      const promise = load();
      pending = { stamp, promise };
      promise.then(
        (s) => {
          if (pending?.promise === promise) {
            current = { stamp, snapshot: s };
            pending = null;
          }
        },
        () => {
          if (pending?.promise === promise) pending = null;
        },
      );
    }
    return pending.promise;
  };

  return {
    async todaysIpos(lang) {
      const now = ctx.now();
      const { ipos } = await snapshot();
      return ipos
        .filter((r) => checkIsIpoOpenOn(r, now))
        .map((r) => {
          const currency = r.currency as IpoCurrency;
          return {
            name: r.name[lang],
            ipo_popularity: r.popularity,
            leverage: r.leverage,
            product_code: r.productCode,
            min_sub_amount: formatMoneyDigits(Number(r.minSubAmountMinor), currency, lang),
            ccy_name: currencyName(currency, lang),
          };
        });
    },
    async liveBanners(lang) {
      const now = ctx.now();
      const { banners } = await snapshot();
      return banners
        .filter((b) =>
          checkIsBannerLive(
            {
              ...b,
              startsAt: b.startsAt?.toISOString() ?? null,
              endsAt: b.endsAt?.toISOString() ?? null,
              deletedAt: null,
            },
            lang,
            now,
          ),
        )
        .map((b) => ({
          id: b.id,
          title: b.title,
          type: b.type as BannerType,
          data: b.data,
          logo: bannerImageUrl(b),
          width: b.imageWidth,
          height: b.imageHeight,
        }));
    },
    async serviceInfo(lang) {
      return serviceInfoOf(await snapshot(), lang);
    },
    async serviceInfoAt(stamp, lang) {
      return serviceInfoOf(await snapshotAt(stamp), lang);
    },
    async image(name) {
      return (await snapshot()).images.get(name);
    },
    loads: () => loads,
  };
}

function serviceInfoOf({ service }: Snapshot, lang: Language): ServiceQrInfo {
  const qr = qrImageUrl(service);
  const shown = service.showQr && qr !== null && !!service.chatAccount;
  return {
    service_qr_code: qr ?? '',
    wechat_number: service.chatAccount ?? '',
    is_show_open_cs_qrcode: shown ? 1 : 0,
    tel: service.phoneCn,
    tel_hk: service.phoneHk,
    service_hours: service.hours[lang],
  };
}
