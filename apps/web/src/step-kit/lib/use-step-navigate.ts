import type { StepId } from '@hk/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../lib/routes';
import { STEP_PATHS } from './step-paths';

/**
 * Goes on after a step is confirmed, keeping the query (title, theme…): to the step the server says
 * is next (the first unfinished one, which may be one this change reopened; the review when
 * nothing else is open, so an edit made from the review returns to it), or the progress page when
 * the server names none. The step gone to is not being edited: `state=edit` is dropped there. A
 * refused application (state=refused, spec §2) goes back to the list of what staff returned
 * (/userinfo?state=refused, issue #14), which shows what is left and where to submit.
 */
export function useStepNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (next: StepId | null, state: string | null) => {
      const query = new URLSearchParams(search);
      const refused = query.get('state') === 'refused';
      const pathname = refused ? ROUTES.userinfo.path : next ? STEP_PATHS[next] : ROUTES.progress.path;
      if (state === 'edit' || query.get('state') === 'edit') query.delete('state');
      const q = query.toString();
      void navigate({ pathname, search: q ? `?${q}` : '' });
    },
    [navigate, search],
  );
}
