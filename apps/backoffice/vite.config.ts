import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a .gz beside every text asset at build time; the server sends it to browsers that accept
 * gzip (@fastify/static `preCompressed`). Gzip only, unlike apps/web's .br as well: the console is
 * used on office networks, and brotli at quality 11 over antd's chunks would cost CI seconds.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // on libuv's thread pool, every file at once (decision 027: the build's time)
    async closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const p = path.join(dir, f);
          return statSync(p).isDirectory() ? walk(p) : [p];
        });
      const gz = promisify(gzip);
      await Promise.all(
        walk(outDir)
          .filter((file) => /\.(js|css|html|svg|json)$/.test(file))
          .map(async (file) => {
            const body = await readFile(file);
            if (body.length >= 1024) await writeFile(`${file}.gz`, await gz(body, { level: 9 }));
          }),
      );
    },
  };
}

// The console is its own app under its own path (issue #14): its own build output and base, so no
// chunk, cookie path or storage key is shared with the applicant's app (apps/web).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react(), precompress()],
  // the manifest maps source modules to chunks for the first-load budget (scripts/check-bundle.mjs)
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
    manifest: true,
    // vite's gzip size per chunk in its report: the bundle check counts the sizes (check-bundle.mjs)
    reportCompressedSize: false,
  },
  server: {
    port: 5174,
    proxy: { '/backoffice/api': 'http://localhost:8080', '/dev': 'http://localhost:8080' },
  },
});
