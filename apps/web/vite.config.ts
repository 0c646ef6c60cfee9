import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueChunks, prerenderLogin } from './prerender-login.ts';

// The request-sign secret ships to browsers (spec §7); server and client read the same variable.
const signSecret = process.env.SIGN_SECRET ?? 'hk-open-account-h5';

/**
 * /login prerendered per language into dist/login.<lang>.html (prerender-login.ts, decision 029),
 * then .br and .gz written beside every text asset once, at build time; the server sends them to
 * clients that accept them (@fastify/static `preCompressed`), so no request pays for compression.
 * Neither for the prerender's own Node build.
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = 'dist';
  let root = '.';
  let ssr = false;
  let catalogues: Record<string, string[]> = {};
  return {
    name: 'prerender-and-precompress',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_, bundle) {
      catalogues = catalogueChunks(bundle);
    },
    // the same files and levels as before, compressed on libuv's thread pool all at once instead of
    // one after the other on the main thread (decision 027: the build's time)
    async closeBundle() {
      if (ssr) return;
      await prerenderLogin({ root, outDir, catalogues, config: { plugins: [react()], define } });
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      const gz = promisify(gzip);
      const br = promisify(brotliCompress);
      await Promise.all(
        walk(outDir)
          .filter((file) => /\.(js|css|html|svg|json)$/.test(file))
          .map(async (file) => {
            const body = await readFile(file);
            if (body.length < 1024) return;
            await Promise.all([
              gz(body, { level: 9 }).then((out) => writeFile(`${file}.gz`, out)),
              br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).then((out) =>
                writeFile(`${file}.br`, out),
              ),
            ]);
          }),
      );
    },
  };
}

const define = { __SIGN_SECRET__: JSON.stringify(signSecret) };

export default defineConfig({
  plugins: [react(), prerenderAndPrecompress()],
  define,
  build: {
    target: 'es2020',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
    // vite's gzip size per chunk in its report: the bundle check counts the sizes (check-bundle.mjs)
    reportCompressedSize: false,
  },
  server: {
    proxy: {
      '^/(v9/|V9/|v1/|services/|user/|app/|dev/|trade/|content/images/|healthz)': 'http://localhost:8080',
    },
  },
});
