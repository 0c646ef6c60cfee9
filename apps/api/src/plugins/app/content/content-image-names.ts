import type { BannerRow, ServiceRow } from './content-repository';

// Kept apart from content-service.ts (which needs the app's context) so that the applicant's cache,
// which the context holds, imports nothing that imports the context back.

/** Public image names: a banner's by its SHA-256, the QR's by its storage key (new with each image). */
export const CONTENT_IMAGE_PREFIX = '/content/images';
export const bannerImageUrl = (row: BannerRow) => `${CONTENT_IMAGE_PREFIX}/${row.imageSha256}`;
export const qrImageUrl = (row: ServiceRow) =>
  row.qrImageKey ? `${CONTENT_IMAGE_PREFIX}/${row.qrImageKey}` : null;
