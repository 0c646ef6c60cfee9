import type { IdScreen } from '@hk/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../app/routes';

export const SCREEN_PATHS = {
  location: ROUTES.idLocation.path,
  photos: ROUTES.idPhotos.path,
  details: ROUTES.idDetails.path,
  done: ROUTES.progress.path,
} satisfies Record<IdScreen, string>;

/** Navigates inside the ID step keeping the query (state, title, …: spec §2 flags read it). */
export function useIdNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (to: IdScreen | string, opts: { replace?: boolean; state?: string } = {}) => {
      const pathname = to in SCREEN_PATHS ? SCREEN_PATHS[to as IdScreen] : to;
      const query = new URLSearchParams(search);
      if (opts.state) query.set('state', opts.state);
      const next = query.toString();
      void navigate({ pathname, search: next ? `?${next}` : '' }, { replace: opts.replace ?? false });
    },
    [navigate, search],
  );
}
