// The entry of the heavy-work pool's threads (heavy-pool.ts). A worker thread starts as plain
// Node: under `node --import tsx` it inherits the hook, under vitest it does not, so the task
// table (TypeScript) is loaded through tsx's scoped `tsImport`, which works in both.
import { tsImport } from 'tsx/esm/api';

const tasks = await tsImport('./heavy-tasks.ts', import.meta.url);

export default tasks.runHeavyTask;
