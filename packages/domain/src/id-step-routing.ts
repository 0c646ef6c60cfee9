import type { ApplicationInfo } from './contracts/application.schema';

/** The screens of the ID step, in the order a person fills them in (docs/flow-routes.md). */
export const ID_SCREENS = ['location', 'photos', 'details', 'done'] as const;
export type IdScreen = (typeof ID_SCREENS)[number];

/**
 * First unfinished screen of the ID step: location (with a nationality when the ID is from
 * elsewhere) → photos (front and back, spec §5 'upload the ID front and back') → details
 * (confirmed by the person) → done.
 */
export function nextIdScreen(info: Pick<ApplicationInfo, 'id_step'>): IdScreen {
  const s = info.id_step;
  if (!s.id_location || (s.id_location === 'OTHER' && !s.nationality)) return 'location';
  const kinds = new Set(s.documents.map((d) => d.kind));
  if (!kinds.has('id_front') || !kinds.has('id_back')) return 'photos';
  if (!s.confirmed_at) return 'details';
  return 'done';
}
