import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The API package's folder (apps/api), found from this module whether it runs from the source
 * (src/lib/) or from the compiled server (dist/server.mjs, one bundle: every module's
 * `import.meta.dirname` is dist/). Files shipped beside the code (the migrations, data/) are found
 * from here, never from a module's own folder (decision 023).
 */
export const API_ROOT = findApiRoot(import.meta.dirname);

function findApiRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    if (path.dirname(dir) === dir)
      throw new Error(`the API package (its drizzle/ folder) is not above ${from}`);
  }
}
