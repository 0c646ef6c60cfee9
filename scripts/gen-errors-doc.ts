// Writes docs/errors.md from the domain's ErrorCode table and the three `errors` catalogues.
// `npm run docs:errors`; packages/domain/src/errors-doc.test.ts fails when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderErrorsDoc } from '../packages/domain/src/errors-doc';

const root = path.resolve(import.meta.dirname, '..');
// the main catalogue and the staff one (packages/domain/src/staff/messages.ts): every code's sentence
const json = (file: string) => JSON.parse(readFileSync(path.join(root, 'packages/domain/src', file), 'utf8'));
const read = (lang: string) => ({
  ...json(`staff/locales/${lang}.json`),
  ...json(`locales/${lang}/errors.json`),
});

const out = path.join(root, 'docs/errors.md');
writeFileSync(out, renderErrorsDoc({ en: read('en'), 'zh-CN': read('zh-CN'), 'zh-HK': read('zh-HK') }));
console.log(`wrote ${path.relative(root, out)}`);
