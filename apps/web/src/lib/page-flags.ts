import { type PageState, parsePageState } from '@hk/domain';
import { useSearchParams } from 'react-router';

/**
 * spec §2: first visit when there is no `state` parameter; editing when state=refused. `state` is
 * the page state it names (null when there is none or the value is not one the spec lists).
 */
export function usePageFlags(): { isFirst: boolean; isEdit: boolean; state: PageState | null } {
  const [params] = useSearchParams();
  const raw = params.get('state');
  const state = parsePageState(raw);
  return { isFirst: raw === null, isEdit: state === 'refused', state };
}
