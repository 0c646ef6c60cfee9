import type { IdScreen } from '@hk/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../lib/routes';
import { STEP_SCREENS } from '../../../lib/step-screens';

export const SCREEN_PATHS = {
  location: STEP_SCREENS.identity.path,
  photos: STEP_SCREENS.identity.more.photos.path,
  details: STEP_SCREENS.identity.more.details.path,
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
