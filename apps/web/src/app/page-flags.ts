import { useSearchParams } from 'react-router';

/** spec §2: first visit when there is no `state` parameter; editing when state=refused. */
export function usePageFlags() {
  const [params] = useSearchParams();
  const state = params.get('state');
  return { isFirst: state === null, isEdit: state === 'refused', state };
}
