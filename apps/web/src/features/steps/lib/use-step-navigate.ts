import type { StepId } from '@hk/domain';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ROUTES } from '../../../app/routes';
import { STEP_PATHS } from './step-paths';

/**
 * Goes on after a step is confirmed, keeping the query (title, theme…): to the step the server says
 * is next (the first unfinished one, which may be one this change reopened). When the person was
 * editing a finished step (state=edit, refused or submitted, spec §2) and nothing else is open,
 * back to the progress page, without the state flag.
 */
export function useStepNavigate() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (next: StepId | null, state: string | null) => {
      const query = new URLSearchParams(search);
      const editing = state !== null;
      let pathname = next ? STEP_PATHS[next] : ROUTES.progress.path;
      if (editing && next && STEP_PATHS[next] === ROUTES.progress.path) pathname = ROUTES.progress.path;
      if (editing && pathname === ROUTES.progress.path) query.delete('state');
      const q = query.toString();
      void navigate({ pathname, search: q ? `?${q}` : '' });
    },
    [navigate, search],
  );
}
