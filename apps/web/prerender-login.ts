// /login prerendered at build time, per language (issue #24, decision 029). After the browser build,
// src/prerender.tsx is built for Node (`vite build --ssr`, into node_modules/.prerender) and renders
// the login screen; each language's page is the built index.html with that markup in #root, its
// `lang` and title, and modulepreload links for the entry and the language's two catalogue chunks
// (otherwise fetched only once the entry runs). The server sends it for /login (apps/api, app.ts).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type InlineConfig } from 'vite';

export const PRERENDER_LANGUAGES = ['zh-CN', 'zh-HK', 'en'] as const;
type Lang = (typeof PRERENDER_LANGUAGES)[number];
const FIRST_NAMESPACES = ['common', 'login'] as const;

/** The built file of each language's first catalogues (`assets/common-….js`), from the bundle. */
export function catalogueChunks(
  bundle: Record<string, { type: string; fileName: string; facadeModuleId?: string | null }>,
): Record<string, string[]> {
  const byLang: Record<string, string[]> = {};
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || !file.facadeModuleId) continue;
    const m = /\/locales\/([^/]+)\/(\w+)\.json$/.exec(file.facadeModuleId.replace(/\\/g, '/'));
    if (!m || !(FIRST_NAMESPACES as readonly string[]).includes(m[2]!)) continue;
    byLang[m[1]!] = [...(byLang[m[1]!] ?? []), file.fileName];
  }
  return byLang;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The page of one language, from the built index.html. */
export function loginPage(index: string, lang: Lang, markup: string, title: string, preload: string[]) {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(index)?.[1];
  if (!entry) throw new Error('prerender: no entry script in index.html');
  const root = /<div id="root">[\s\S]*?<\/div><!-- \/#root -->/;
  if (!root.test(index)) throw new Error('prerender: no #root in index.html');
  const links = [entry, ...preload.map((f) => `/${f}`)]
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`)
    .join('\n    ');
  return (
    index
      // the form is painted without them: the CSS and the first screen's pictures go first
      .replace(
        /(<script type="module" crossorigin|<link rel="modulepreload" crossorigin href="[^"]+")/g,
        '$1 fetchpriority="low"',
      )
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('\n  </head>', `\n    ${links}\n  </head>`)
      .replace(root, () => `<div id="root" data-prerendered="${lang}">${markup}</div>`)
  );
}

/** Builds the prerender entry for Node, renders each language and writes `dist/login.<lang>.html`. */
export async function prerenderLogin(options: {
  root: string;
  outDir: string;
  config: InlineConfig;
  catalogues: Record<string, string[]>;
}) {
  const started = Date.now();
  // inside the app (its imports resolve from node_modules), one folder per build (two may run at once)
  const ssrOut = path.join(options.root, 'node_modules/.prerender', `${process.pid}-${started}`);
  await build({
    ...options.config,
    root: options.root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: 'src/prerender.tsx',
      outDir: ssrOut,
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      minify: false,
      reportCompressedSize: false,
    },
  });
  const { renderLogin } = (await import(pathToFileURL(path.join(ssrOut, 'prerender.js')).href)) as {
    renderLogin: (lang: Lang) => Promise<{ html: string; title: string }>;
  };
  const index = await readFile(path.join(options.outDir, 'index.html'), 'utf8');
  for (const lang of PRERENDER_LANGUAGES) {
    const chunks = options.catalogues[lang] ?? [];
    if (chunks.length !== FIRST_NAMESPACES.length)
      throw new Error(`prerender: ${lang}'s catalogue chunks not found (${chunks.join(', ')})`);
    const { html, title } = await renderLogin(lang);
    await writeFile(
      path.join(options.outDir, `login.${lang}.html`),
      loginPage(index, lang, html, title, chunks),
    );
  }
  await rm(ssrOut, { recursive: true, force: true });
  console.log(`prerender: /login in ${PRERENDER_LANGUAGES.length} languages in ${Date.now() - started} ms`);
}
