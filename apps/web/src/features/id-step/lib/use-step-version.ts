import { useEffect, useState } from 'react';

/**
 * The step version a screen's saves name (`step_version`): the one of the info the screen was
 * first rendered from. A background refetch does not move it, or another device's save would be
 * overwritten without anyone seeing it; after a conflict (2007) the screen `restart`s from the
 * info loaded then, which the person was told about. Version 0 (nothing saved yet) is not sent.
 */
export function useStepVersion(loaded: number | undefined) {
  const [base, setBase] = useState<number | null>(null);
  useEffect(() => {
    if (base === null && loaded !== undefined) setBase(loaded);
  }, [base, loaded]);
  const version = base ?? loaded;
  return {
    stepVersion: version ? version : undefined,
    restart: () => setBase(null),
  };
}
