import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Vault } from '../../../lib/crypto';

/**
 * Uploaded files at rest: encrypted with the vault (AES-256-GCM), under `DATA_DIR/files/` (never
 * inside the web root), named by the server (32 random hex characters), so nothing a client sends
 * ever becomes part of a path.
 */
export interface FileStore {
  /** Writes the sealed bytes under a new name (temp file + rename) and answers the name. */
  put(plain: Buffer): Promise<string>;
  get(storageKey: string): Promise<Buffer>;
  remove(storageKey: string): Promise<void>;
  pathOf(storageKey: string): string;
  /** Files (and unfinished temp files) last written before `olderThan`: candidates for the sweep. */
  listOlderThan(olderThan: Date): Promise<{ storageKeys: string[]; tempFiles: string[] }>;
  removeTemp(name: string): Promise<void>;
}

const STORAGE_KEY_RE = /^[0-9a-f]{32}$/;

export function createFileStore(dataDir: string, vault: Vault): FileStore {
  const dir = path.join(dataDir, 'files');
  const pathOf = (key: string) => {
    // Defence in depth: keys come from our own rows, but never let one escape the folder.
    if (!STORAGE_KEY_RE.test(key)) throw new Error('invalid storage key');
    return path.join(dir, `${key}.bin`);
  };
  return {
    pathOf,
    async put(plain) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = randomBytes(16).toString('hex');
      const final = pathOf(key);
      const temp = `${final}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temp, vault.encryptBytes(plain), { mode: 0o600, flag: 'wx' });
        await rename(temp, final);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return key;
    },
    async get(key) {
      return vault.decryptBytes(await readFile(pathOf(key)));
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async listOlderThan(olderThan) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch {
        return { storageKeys: [], tempFiles: [] };
      }
      const storageKeys: string[] = [];
      const tempFiles: string[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (!info?.isFile() || info.mtime >= olderThan) continue;
        const key = /^([0-9a-f]{32})\.bin$/.exec(name)?.[1];
        if (key) storageKeys.push(key);
        else if (/^[0-9a-f]{32}\.bin\.[0-9a-f]{8}\.tmp$/.test(name)) tempFiles.push(name);
      }
      return { storageKeys, tempFiles };
    },
    async removeTemp(name) {
      if (!/^[0-9a-f]{32}\.bin\.[0-9a-f]{8}\.tmp$/.test(name)) throw new Error('invalid temp file name');
      await rm(path.join(dir, name), { force: true });
    },
  };
}
