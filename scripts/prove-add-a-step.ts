// `npm run proof:add-a-step` (issue #23): adds a throwaway step, "source of wealth" (one choice of
// four and an optional text, after the financial step), to a temporary copy of the repository the
// way docs/adding-a-step.md says, and checks that the guide's count is honest:
//   1. with only its id added (STEP_IDS, STEP_STAGES), the type checker names exactly the tables a
//      step must fill (`satisfies Record<StepId, …>`): nothing else fails, nothing is left unnamed;
//   2. with the tables filled and the step's folder written, everything type-checks, and the
//      catalogue and locales tests fail naming the texts to add;
//   3. with its locale files and `npm run pdf:labels`, those tests pass;
//   4. the files touched, outside the locale files, are at most the guide's count.
// The copy shares node_modules (symlinks); the workspace packages point into the copy.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/**
 * docs/adding-a-step.md: the files a form step touches that a check names, locale files aside (the
 * web app's table of step screens counted once, whichever files hold it). Its API page and the
 * line in the pages' index come on top: 2 more, which only review asks for.
 */
export const GUIDE_FILE_COUNT = 12;
/** What the type checker must name once the id is added (the web app's table: any file of apps/web). */
export const TABLES_NAMED = [
  'packages/domain/src/flow/step-forms.ts',
  'packages/domain/src/steps/catalogues.ts',
  'packages/domain/src/steps/registry.ts',
  'packages/domain/src/steps/samples.ts',
  'apps/web (its step screens table)',
];
const PROJECTS = ['packages/domain', 'apps/api', 'apps/web', 'apps/backoffice', 'e2e', 'scripts'];

function makeCopy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'add-a-step-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((f) => f && existsSync(path.join(root, f)));
  for (const f of files) {
    mkdirSync(path.dirname(path.join(dir, f)), { recursive: true });
    cpSync(path.join(root, f), path.join(dir, f));
  }
  // node_modules: the installed packages shared, the workspace packages (@hk/*) the copy's own
  const linkModules = (from: string, to: string) => {
    if (!existsSync(from)) return;
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) {
      if (name === '@hk') continue;
      symlinkSync(path.join(from, name), path.join(to, name));
    }
  };
  linkModules(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  mkdirSync(path.join(dir, 'node_modules/@hk'));
  for (const [name, target] of Object.entries({
    domain: 'packages/domain',
    api: 'apps/api',
    web: 'apps/web',
    backoffice: 'apps/backoffice',
    e2e: 'e2e',
  }))
    symlinkSync(path.join(dir, target), path.join(dir, 'node_modules/@hk', name));
  for (const ws of ['packages/domain', 'apps/api', 'apps/web', 'apps/backoffice', 'e2e'])
    linkModules(path.join(root, ws, 'node_modules'), path.join(dir, ws, 'node_modules'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=proof', '-c', 'user.email=proof@localhost', ...args], {
      cwd: dir,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'before the step');
  return dir;
}

const edit = (dir: string, file: string, change: (text: string) => string) => {
  const p = path.join(dir, file);
  const before = readFileSync(p, 'utf8');
  const after = change(before);
  if (after === before) throw new Error(`nothing changed in ${file}`);
  writeFileSync(p, after);
};
const write = (dir: string, file: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
/** Adds `line` after the line of `table` that names the financial step. */
const afterFinancial = (line: string) => (text: string) =>
  text.replace(/^([ \t]*)financial: (\w+),$/m, (m, indent: string) => `${m}\n${indent}${line}`);

/** Files with type errors, by project (paths relative to the copy). */
function typeErrors(dir: string): string[] {
  const files = new Set<string>();
  for (const project of PROJECTS) {
    const run = spawnSync(path.join(dir, 'node_modules/.bin/tsc'), ['-p', project], {
      cwd: dir,
      encoding: 'utf8',
    });
    for (const m of run.stdout.matchAll(/^(.+?)\(\d+,\d+\): error/gm)) files.add(m[1]!);
  }
  return [...files].sort();
}

function vitest(dir: string, project: string, file: string) {
  const run = spawnSync(
    path.join(dir, 'node_modules/.bin/vitest'),
    ['run', '--project', project, file, '--reporter', 'dot'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
  return { ok: run.status === 0, out: `${run.stdout}\n${run.stderr}` };
}

const LANGS = ['zh-CN', 'zh-HK', 'en'] as const;
const TEXTS = {
  step_title: ['财富来源', '財富來源', 'Source of wealth'],
  wealth_source: ['财富主要来源', '財富主要來源', 'Main source of wealth'],
  wealth_source_employment: ['工作收入', '工作收入', 'Employment income'],
  wealth_source_business: ['经营业务', '經營業務', 'Business'],
  wealth_source_inheritance: ['继承', '繼承', 'Inheritance'],
  wealth_source_investments: ['投资所得', '投資所得', 'Investments'],
  wealth_details: ['补充说明', '補充說明', 'More details'],
};
const ERRORS = {
  wealth_source_required: ['请选择财富来源', '請選擇財富來源', 'Choose the source of your wealth'],
  wealth_details_too_long: ['最多 200 个字', '最多 200 個字', 'At most 200 characters'],
};

function addStep(dir: string) {
  write(
    dir,
    'packages/domain/src/steps/source-of-wealth/definition.ts',
    `import { always, type StepDefinition } from '../types';

export const sourceOfWealthStep: StepDefinition = {
  id: 'source_of_wealth',
  stage: 50,
  answers: null,
  sealedFields: [],
  documents: [],
  appliesTo: always,
  dependsOn: [],
};
`,
  );
  write(
    dir,
    'packages/domain/src/steps/source-of-wealth/form.ts',
    `import * as z from 'zod/mini';
import { draftText, typedText } from '../../text';
import type { StepForm } from '../step-form';

export const WEALTH_SOURCES = ['employment', 'business', 'inheritance', 'investments'] as const;

export const sourceOfWealthForm: StepForm = {
  draft: z.partial(z.object({ wealth_source: z.enum(WEALTH_SOURCES), wealth_details: draftText(200) })),
  schema: () =>
    z.object({
      wealth_source: z.enum(WEALTH_SOURCES, { error: 'wealth_source_required' }),
      wealth_details: z.optional(typedText({ max: 200, tooLongKey: 'wealth_details_too_long' })),
    }),
};
`,
  );
  write(
    dir,
    'packages/domain/src/steps/source-of-wealth/catalogue.ts',
    `import { defineCatalogue, EVERYONE } from '../field-catalogue';
import { WEALTH_SOURCES } from './form';

export const sourceOfWealthCatalogue = defineCatalogue({
  namespace: 'source_of_wealth',
  fields: {
    wealth_source: {
      label: 'source_of_wealth:wealth_source',
      value: { kind: 'choice', values: WEALTH_SOURCES, key: (v) => \`source_of_wealth:wealth_source_\${v}\` },
      audience: EVERYONE,
    },
    wealth_details: { label: 'source_of_wealth:wealth_details', value: { kind: 'text' }, audience: EVERYONE },
  },
});
`,
  );
  write(
    dir,
    'packages/domain/src/steps/source-of-wealth/sample.ts',
    `import type { StepSample } from '../types';

export const sourceOfWealthSample = {
  saved: [{ answers: { wealth_source: 'business', wealth_details: 'A shop in Mong Kok' }, sealed: {} }],
  form: { wealth_source: 'employment' },
} satisfies StepSample;
`,
  );
  const imp = (name: string, file: string) => (t: string) =>
    t.replace(/^import /m, `import { ${name} } from '${file}';\nimport `);
  edit(dir, 'packages/domain/src/steps/registry.ts', (t) =>
    afterFinancial('source_of_wealth: sourceOfWealthStep,')(
      imp('sourceOfWealthStep', './source-of-wealth/definition')(t),
    ),
  );
  edit(dir, 'packages/domain/src/flow/step-forms.ts', (t) =>
    afterFinancial('source_of_wealth: sourceOfWealthForm,')(
      imp('sourceOfWealthForm', '../steps/source-of-wealth/form')(t),
    ),
  );
  edit(dir, 'packages/domain/src/steps/catalogues.ts', (t) =>
    afterFinancial('source_of_wealth: sourceOfWealthCatalogue,')(
      imp('sourceOfWealthCatalogue', './source-of-wealth/catalogue')(t),
    ),
  );
  edit(dir, 'packages/domain/src/steps/samples.ts', (t) =>
    afterFinancial('source_of_wealth: sourceOfWealthSample,')(
      imp('sourceOfWealthSample', './source-of-wealth/sample')(t),
    ),
  );
  // the web app: its page (the financial page's copy stands for it) and its entry in the table of
  // step screens, wherever that table lives, copied from the financial step's entry
  const pageFrom = 'apps/web/src/features/financial/components/financial-page.tsx';
  write(
    dir,
    'apps/web/src/features/source-of-wealth/components/source-of-wealth-page.tsx',
    // its own feature's modules are the financial feature's in the copy
    readFileSync(path.join(dir, pageFrom), 'utf8')
      .replace(/from '\.\/(?!\.)/g, "from '../../financial/components/")
      .replace(/from '\.\.\/(?!\.\.\/)/g, "from '../../financial/"),
  );
  for (const file of webTables(dir))
    edit(dir, file, (t) =>
      t.replace(/^( *)financial: \{\n[\s\S]*?^\1\},\n/m, (block) =>
        block.concat(
          block
            .replace(/financial:/, 'source_of_wealth:')
            .replace(/'\/userinfo\/financial'/, "'/userinfo/source-of-wealth'")
            .replace(/'title_financial'/, "'title_source_of_wealth'")
            .replace(/namespace: 'financial'/, "namespace: 'source_of_wealth'")
            .replace(
              /features\/financial\/components\/financial-page/,
              'features/source-of-wealth/components/source-of-wealth-page',
            ),
        ),
      ),
    );
}

/** The files of apps/web that declare a table of every step's screen. */
function webTables(dir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(path.join(dir, d), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(path.join(d, e.name))
        : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
          ? [path.join(d, e.name)]
          : [],
    );
  return walk('apps/web/src').filter((f) =>
    /satisfies Record<StepId,/.test(readFileSync(path.join(dir, f), 'utf8')),
  );
}

function addLocales(dir: string) {
  for (const [i, lang] of LANGS.entries()) {
    write(
      dir,
      `apps/web/src/locales/${lang}/source_of_wealth.json`,
      `${JSON.stringify(Object.fromEntries(Object.entries(TEXTS).map(([k, v]) => [k, v[i]])), null, 2)}\n`,
    );
    edit(dir, `apps/web/src/locales/${lang}/common.json`, (t) => {
      const json = JSON.parse(t);
      json.title_source_of_wealth = TEXTS.step_title[i];
      return `${JSON.stringify(json, null, 2)}\n`;
    });
    edit(dir, `packages/domain/src/flow/locales/${lang}.json`, (t) => {
      const json = JSON.parse(t);
      for (const [k, v] of Object.entries(ERRORS)) json[k] = v[i];
      return `${JSON.stringify(json, null, 2)}\n`;
    });
  }
}

function changedFiles(dir: string): string[] {
  execFileSync('git', ['add', '-A'], { cwd: dir });
  return execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

export function proveAddAStep(log: (line: string) => void = console.log): {
  files: string[];
  locales: string[];
} {
  const dir = makeCopy();
  try {
    // 1. the id alone: the type checker names the tables, and only them
    edit(dir, 'packages/domain/src/steps/types.ts', (t) =>
      t
        .replace(/^(\s*)'financial',$/m, "$1'financial',\n$1'source_of_wealth',")
        .replace(/^(\s*)financial: 50,$/m, '$1financial: 50,\n$1source_of_wealth: 50,'),
    );
    const named = typeErrors(dir).map((f) => (f.startsWith('apps/web/') ? TABLES_NAMED.at(-1)! : f));
    const namedSet = [...new Set(named)].sort();
    log(`the id alone: the type checker names ${namedSet.join(', ')}`);
    if (JSON.stringify(namedSet) !== JSON.stringify([...TABLES_NAMED].sort()))
      throw new Error(
        `the type checker should name exactly ${TABLES_NAMED.join(', ')}; it named ${namedSet.join(', ')}`,
      );

    // 2. the folder and the tables: it type-checks; the tests name the texts to add
    addStep(dir);
    const left = typeErrors(dir);
    if (left.length) throw new Error(`with the tables filled, type errors remain in ${left.join(', ')}`);
    const catalogue = vitest(dir, 'domain', 'src/steps/field-catalogue.test.ts');
    if (catalogue.ok || !catalogue.out.includes('source_of_wealth:step_title'))
      throw new Error(
        `without its texts the catalogue test must fail naming source_of_wealth:step_title:\n${catalogue.out}`,
      );
    log('without its texts: the catalogue test fails naming source_of_wealth:step_title and the labels');

    // 3. the locale files and the generated copy: the tests pass
    addLocales(dir);
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/gen-pdf-labels.ts'], {
      cwd: dir,
      stdio: 'ignore',
    });
    for (const [project, file] of [
      ['domain', 'src/steps/field-catalogue.test.ts'],
      ['domain', 'src/steps/registry.test.ts'],
      ['web', 'src/locales/locales.test.ts'],
    ] as const) {
      const run = vitest(dir, project, file);
      if (!run.ok) throw new Error(`with its texts, ${project} ${file} fails:\n${run.out}`);
    }

    // 4. the count
    const all = changedFiles(dir);
    const isLocale = (f: string) => /\/locales\//.test(f);
    const files = all.filter((f) => !isLocale(f));
    const locales = all.filter(isLocale);
    const tables = webTables(dir).filter((f) => files.includes(f));
    const counted = files.length - Math.max(0, tables.length - 1);
    log(`files touched: ${counted} (+ ${locales.length} locale files)\n  ${files.join('\n  ')}`);
    if (counted !== GUIDE_FILE_COUNT)
      throw new Error(`docs/adding-a-step.md says ${GUIDE_FILE_COUNT} files; the proof touched ${counted}`);
    return { files, locales };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { files, locales } = proveAddAStep();
  console.log(
    `add-a-step proof: ${GUIDE_FILE_COUNT} files (${files.length} paths) + 2 docs + ${locales.length} locale files, as the guide says`,
  );
}
