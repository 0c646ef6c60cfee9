import { useEffect, useState } from 'react';

/**
 * The step version a screen's saves name (`step_version`): the one of the info the screen was
 * built from once it was fetched for this screen (the cache may hold an older version, e.g. from
 * before this device replaced a photo: taking that one would refuse the person's own save). A
 * later background refetch does not move it, or another device's save would be overwritten
 * without anyone seeing it; after a conflict (2007) the screen `restart`s from the info loaded
 * then, which the person was told about. Version 0 (nothing saved yet) is not sent.
 */
export function useStepVersion(query: {
  data?: { id_step: { version: number } };
  isFetchedAfterMount: boolean;
}) {
  const loaded = query.data?.id_step.version;
  const [base, setBase] = useState<number | null>(null);
  useEffect(() => {
    if (base === null && query.isFetchedAfterMount && loaded !== undefined) setBase(loaded);
  }, [base, loaded, query.isFetchedAfterMount]);
  const version = base ?? loaded;
  return {
    stepVersion: version ? version : undefined,
    restart: () => setBase(null),
  };
}
