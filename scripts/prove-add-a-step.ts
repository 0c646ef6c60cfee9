// The add-a-step proof (issue #23, decisions 028 and 031): adds a throwaway step, "source of
// wealth" (one choice of four and an optional text, after the financial step), to a temporary copy
// of the repository the way docs/adding-a-step.md says, and checks that the guide's count is honest:
//   1. with only its id added (STEP_IDS, STEP_STAGES), the type checker names exactly the tables a
//      step must fill, each message naming the new step: nothing else fails, nothing is left unnamed;
//   2. with its folder and the tables filled, one test run names each of the rest: the catalogue
//      test its texts (`source_of_wealth:step_title`), app/step-pages.test.ts its page's file,
//      scripts/step-api-pages.test.ts its API page;
//   3. with its page, its API page and its locale files, everything type-checks and the catalogue,
//      registry, locales, step-screens and API-pages tests pass;
//   4. the files it touched, outside the locale files, are exactly the guide's list (8, issue #23's
//      target): nothing generated, nothing else.
// Run by scripts/prove-add-a-step.test.ts (vitest project `scripts`, so in CI) and alone with
// `npm run proof:add-a-step`. The copy shares node_modules (symlinks); the workspace packages point
// into the copy. The type checker runs in this process over the non-test source of the two
// projects a step lives in (packages/domain, apps/web) with the web app's options, keeping the
// parsed files from one run to the next: two checks for about the cost of one `tsc -p apps/web`.
// What a test or another app would need for a new step is held by `perStepTables` below instead:
// only the files the proof fills may declare a table keyed by every step id.
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
import { stripVTControlCharacters } from 'node:util';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
/**
 * docs/adding-a-step.md: every file a form step is written in, locale files aside, each named by
 * the type checker (the tables) or by one failing test (the page, the API page). Nothing is
 * generated: the server reads the texts from the locale files (decision 031).
 */
export const GUIDE_FILES = [
  'packages/domain/src/steps/types.ts',
  'packages/domain/src/steps/source-of-wealth/definition.ts',
  'packages/domain/src/steps/source-of-wealth/form.ts',
  'packages/domain/src/steps/source-of-wealth/catalogue.ts',
  'packages/domain/src/steps/registry.ts',
  'packages/domain/src/steps/tables.ts',
  'apps/web/src/features/source-of-wealth/components/source-of-wealth-page.tsx',
  'docs/api/steps/source-of-wealth.md',
] as const;
/** The tests that name what the type checker does not, run once the tables are filled. */
const NAMING_TESTS = [
  ['domain', 'src/steps/field-catalogue.test.ts'],
  ['web', 'src/app/step-pages.test.ts'],
  ['scripts', 'step-api-pages.test.ts'],
] as const;
/** What they must name, each: its record title (then its labels), its page's file, its API page. */
export const NAMED_BY_TESTS = [
  'source_of_wealth:step_title',
  'apps/web/src/features/source-of-wealth/components/source-of-wealth-page.tsx',
  'docs/api/steps/source-of-wealth.md',
];
/** Issue #23's target: a step in at most this many files plus its locale files, all in all. */
export const TARGET_FILE_COUNT = 8;
/** What the type checker must name once the id is added: every table keyed by step id. */
export const TABLES_NAMED = ['packages/domain/src/steps/registry.ts', 'packages/domain/src/steps/tables.ts'];
/** The files that may declare a table keyed by every step id (`Record<StepId, …>`): the domain's. */
export const PER_STEP_TABLE_FILES = [
  'packages/domain/src/steps/registry.ts',
  'packages/domain/src/steps/tables.ts',
  'packages/domain/src/steps/types.ts',
];

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
/** After every table line `financial: financialX,`, the new step's `source_of_wealth: sourceOfWealthX,`. */
const afterFinancial = (text: string) =>
  text.replace(
    /^([ \t]*)financial: financial(\w+),$/gm,
    (m, indent: string, what: string) => `${m}\n${indent}source_of_wealth: sourceOfWealth${what},`,
  );

const SKIP_DIRS = new Set(['node_modules', 'dist', 'locales']);
/** Every .ts/.tsx file under `dir` (relative to `base`), declarations included, tests or not. */
export function sourceFiles(base: string, dir: string, tests = false): string[] {
  return readdirSync(path.join(base, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : sourceFiles(base, rel, tests);
    if (!/\.tsx?$/.test(e.name)) return [];
    return tests || !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Parsed files by name, reused while their text is the same (the libraries' types, mostly). */
const parsed = new Map<string, ts.SourceFile>();

/**
 * The type errors of the non-test source of packages/domain and apps/web in `dir`, by file
 * (relative to `dir`), each with its messages: one program, the web app's compiler options.
 */
export function typeErrors(dir: string): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(dir, 'apps/web/tsconfig.json'),
    { noEmit: true },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(String(d.messageText));
      },
    },
  );
  if (!config) throw new Error('apps/web/tsconfig.json: unreadable');
  const host = ts.createCompilerHost(config.options);
  host.getSourceFile = (fileName, languageVersion) => {
    const text = ts.sys.readFile(fileName);
    if (text === undefined) return undefined;
    const hit = parsed.get(fileName);
    if (hit?.text === text) return hit;
    const file = ts.createSourceFile(fileName, text, languageVersion);
    parsed.set(fileName, file);
    return file;
  };
  const rootNames = ['packages/domain/src', 'apps/web/src'].flatMap((d) =>
    sourceFiles(dir, d).map((f) => path.join(dir, f)),
  );
  const program = ts.createProgram({ rootNames, options: config.options, host });
  const errors = new Map<string, string[]>();
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error) continue;
    const file = d.file ? path.relative(dir, d.file.fileName).split(path.sep).join('/') : '(no file)';
    errors.set(file, [...(errors.get(file) ?? []), ts.flattenDiagnosticMessageText(d.messageText, '\n')]);
  }
  return errors;
}

/**
 * Files that declare a table keyed by every step id (`Record<StepId, …>`; `Partial<…>` aside), in
 * every project, tests included: a new one would be one more file for every new step.
 */
export function perStepTables(base: string): string[] {
  const fullTable = /(?<!Partial<)Record<StepId,/;
  return [
    'packages/domain/src',
    'apps/api/src',
    'apps/api/test',
    'apps/web/src',
    'apps/backoffice/src',
    'e2e',
  ]
    .flatMap((d) => sourceFiles(base, d, true))
    .filter((f) => fullTable.test(readFileSync(path.join(base, f), 'utf8')))
    .sort();
}

/** Runs vitest in the copy on the given project files, in one process. */
function vitest(dir: string, files: readonly (readonly [project: string, file: string])[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  const run = spawnSync(
    path.join(dir, 'node_modules/.bin/vitest'),
    [
      'run',
      // each project once, each with its flag (a Set of the flags and names together kept one flag)
      ...[...new Set(files.map(([project]) => project))].flatMap((project) => ['--project', project]),
      ...files.map(([, file]) => file),
      '--reporter',
      'dot',
    ],
    { cwd: dir, encoding: 'utf8', env: { ...env, CI: '1' } },
  );
  const out = `${run.stdout}\n${run.stderr}`;
  // every file given must have run: a filter that matches nothing is no check
  const ran = Number(/Test Files\s.*\((\d+)\)/.exec(stripVTControlCharacters(out))?.[1] ?? 0);
  if (ran !== files.length)
    return { ok: false, out: `${out}\nvitest ran ${ran} test files of the ${files.length} given` };
  return { ok: run.status === 0, out };
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
  intro: [
    '请告诉我们您的财富主要从何而来。',
    '請告訴我們您的財富主要從何而來。',
    'Tell us where your wealth mainly comes from.',
  ],
  choose: ['请选择', '請選擇', 'Choose'],
};
const ERRORS = {
  wealth_source_required: ['请选择财富来源', '請選擇財富來源', 'Choose the source of your wealth'],
  wealth_details_too_long: ['最多 200 个字', '最多 200 個字', 'At most 200 characters'],
};

/** The page of the step's screen, on the step kit (what a new screen's author writes). */
const PAGE = `import { SOURCES_OF_WEALTH, sourceOfWealthForm } from '@hk/domain/steps/source-of-wealth/form';
import { useTranslation } from 'react-i18next';
import { usePageFlags } from '../../../lib/page-flags';
import type { StepInfo } from '../../../step-kit/api/step-api';
import { SelectField, StepForm, StepSubmit, TextField } from '../../../step-kit/components/fields';
import { StepPage } from '../../../step-kit/components/step-page';
import { useStepForm } from '../../../step-kit/lib/use-step-form';

interface SourceOfWealthValues {
  wealth_source: string;
  wealth_details: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const schema = sourceOfWealthForm.schema({ today: '', facts: { markets: [], answers: {} }, documentCounts: {} });

function SourceOfWealthForm({ info }: { info: StepInfo }) {
  const { t } = useTranslation('source_of_wealth');
  const { state } = usePageFlags();
  const { form, onSubmit, submitting, formError } = useStepForm<SourceOfWealthValues>({
    step: 'source_of_wealth',
    info,
    schema,
    toValues: (i) => ({ wealth_source: text(i.answers.wealth_source), wealth_details: text(i.answers.wealth_details) }),
    toAnswers: (v) => ({
      ...(v.wealth_source ? { wealth_source: v.wealth_source } : {}),
      ...(v.wealth_details.trim() ? { wealth_details: v.wealth_details.trim() } : {}),
    }),
  });
  return (
    <StepForm form={form} onSubmit={onSubmit}>
      <SelectField
        register={form.register}
        name="wealth_source"
        label={t('wealth_source')}
        options={SOURCES_OF_WEALTH.map((v) => ({ value: v, label: t(\`wealth_source_\${v}\`) }))}
        placeholder={t('choose')}
      />
      <TextField register={form.register} name="wealth_details" label={t('wealth_details')} maxLength={200} />
      <StepSubmit submitting={submitting} formError={formError} state={state} />
    </StepForm>
  );
}

export default function SourceOfWealthPage() {
  const { t } = useTranslation(['common', 'source_of_wealth']);
  return (
    <StepPage step="source_of_wealth" title={t('title_source_of_wealth')} intro={t('source_of_wealth:intro')}>
      {(info) => <SourceOfWealthForm info={info} />}
    </StepPage>
  );
}
`;

/** The step's API page (docs/api/steps/<step>.md). */
const API_PAGE = `# source_of_wealth

Saved and confirmed through the generic step call ([README.md](README.md)); no call of its own.

| field | rule (errors key) |
|---|---|
| \`wealth_source\` | one of \`employment\`, \`business\`, \`inheritance\`, \`investments\` (\`wealth_source_required\`) |
| \`wealth_details\` | optional, typed text, at most 200 characters (\`wealth_details_too_long\`) |
`;

/** 1. Its id, in flow order, and its stage: the start; the type checker names the rest. */
function addId(dir: string) {
  edit(dir, 'packages/domain/src/steps/types.ts', (t) =>
    t
      .replace(/^(\s*)'financial',$/m, "$1'financial',\n$1'source_of_wealth',")
      .replace(/^(\s*)financial: 50,$/m, '$1financial: 50,\n$1source_of_wealth: 50,'),
  );
}

/** 2. Its folder and the lines the type checker asked for. */
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

export const SOURCES_OF_WEALTH = ['employment', 'business', 'inheritance', 'investments'] as const;

export const sourceOfWealthForm: StepForm = {
  draft: z.partial(z.object({ wealth_source: z.enum(SOURCES_OF_WEALTH), wealth_details: draftText(200) })),
  schema: () =>
    z.object({
      wealth_source: z.enum(SOURCES_OF_WEALTH, { error: 'wealth_source_required' }),
      wealth_details: z.optional(typedText({ max: 200, tooLongKey: 'wealth_details_too_long' })),
    }),
};
`,
  );
  write(
    dir,
    'packages/domain/src/steps/source-of-wealth/catalogue.ts',
    `import { defineCatalogue, EVERYONE } from '../field-catalogue';
import type { StepSample } from '../types';
import { SOURCES_OF_WEALTH } from './form';

export const sourceOfWealthCatalogue = defineCatalogue({
  namespace: 'source_of_wealth',
  fields: {
    wealth_source: {
      label: 'source_of_wealth:wealth_source',
      value: { kind: 'choice', values: SOURCES_OF_WEALTH, key: (v) => \`source_of_wealth:wealth_source_\${v}\` },
      audience: EVERYONE,
    },
    wealth_details: { label: 'source_of_wealth:wealth_details', value: { kind: 'text' }, audience: EVERYONE },
  },
});

export const sourceOfWealthSample = {
  saved: [{ answers: { wealth_source: 'business', wealth_details: 'A shop in Mong Kok' }, sealed: {} }],
  form: { wealth_source: 'employment' },
} satisfies StepSample;
`,
  );
  const imp = (names: string, file: string) => (t: string) =>
    t.replace(/^import /m, `import { ${names} } from '${file}';\nimport `);
  edit(dir, 'packages/domain/src/steps/registry.ts', (t) =>
    afterFinancial(imp('sourceOfWealthStep', './source-of-wealth/definition')(t)),
  );
  edit(dir, 'packages/domain/src/steps/tables.ts', (t) =>
    afterFinancial(
      imp(
        'sourceOfWealthForm',
        './source-of-wealth/form',
      )(imp('sourceOfWealthCatalogue, sourceOfWealthSample', './source-of-wealth/catalogue')(t)),
    ),
  );
}

/** 3. What the tests named: its page, its API page (and, below, its texts). */
function addPages(dir: string) {
  write(dir, 'apps/web/src/features/source-of-wealth/components/source-of-wealth-page.tsx', PAGE);
  write(dir, 'docs/api/steps/source-of-wealth.md', API_PAGE);
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

export interface ProofResult {
  /** With the id alone: the files the type checker named, each with its messages. */
  named: Map<string, string[]>;
  /** With the folder and the tables: type errors left (none expected). */
  left: Map<string, string[]>;
  /** The tests' output with the folder and the tables, without the pages and the texts. */
  withoutTexts: { ok: boolean; out: string };
  /** The tests' output with them. */
  withTexts: { ok: boolean; out: string };
  /** The files touched, by kind. */
  written: string[];
  locales: string[];
  seconds: Record<string, number>;
}

/** Adds the step in a temporary copy and reports what each check said; `check` judges it. */
export function runAddAStep(log: (line: string) => void = () => {}): ProofResult {
  const seconds: Record<string, number> = {};
  let at = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    seconds[name] = Math.round(now - at) / 1000;
    at = now;
    log(`${name}: ${seconds[name]} s`);
  };
  const dir = makeCopy();
  lap('copy');
  try {
    addId(dir);
    const named = typeErrors(dir);
    lap('type check, the id alone');
    addStep(dir);
    const withoutTexts = vitest(dir, NAMING_TESTS);
    lap('tests, without its pages and texts');
    addPages(dir);
    addLocales(dir);
    const left = typeErrors(dir);
    lap('type check, the step written');
    const withTexts = vitest(dir, [
      ...NAMING_TESTS,
      ['domain', 'src/steps/registry.test.ts'],
      ['web', 'src/locales/locales.test.ts'],
      ['web', 'src/lib/step-screens.test.ts'],
    ]);
    lap('tests, with its texts');
    const all = changedFiles(dir);
    const locales = all.filter((f) => /\/locales\//.test(f));
    const written = all.filter((f) => !locales.includes(f));
    return { named, left, withoutTexts, withTexts, written, locales, seconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What went wrong, each as a sentence (empty: the guide is honest). */
export function check(r: ProofResult): string[] {
  const problems: string[] = [];
  const named = [...r.named.keys()].sort();
  if (JSON.stringify(named) !== JSON.stringify(TABLES_NAMED))
    problems.push(
      `with the id alone the type checker should name exactly ${TABLES_NAMED.join(', ')}; it named ${named.join(', ')}`,
    );
  for (const [file, messages] of r.named)
    if (!messages.every((m) => /source_of_wealth|source-of-wealth/.test(m)))
      problems.push(`${file}: a message that does not name the new step: ${messages.join(' | ')}`);
  if (r.left.size)
    problems.push(
      `with the step written, type errors remain: ${[...r.left].map(([f, m]) => `${f}: ${m.join(' | ')}`).join('; ')}`,
    );
  const unnamed = NAMED_BY_TESTS.filter((what) => !r.withoutTexts.out.includes(what));
  if (r.withoutTexts.ok || unnamed.length)
    problems.push(
      `without its pages and texts the tests must fail naming ${unnamed.join(', ')}:\n${r.withoutTexts.out}`,
    );
  if (!r.withTexts.ok) problems.push(`with its texts the tests fail:\n${r.withTexts.out}`);
  if (JSON.stringify([...r.written].sort()) !== JSON.stringify([...GUIDE_FILES].sort()))
    problems.push(
      `docs/adding-a-step.md lists ${GUIDE_FILES.join(', ')}; the step touched ${r.written.join(', ')}`,
    );
  if (r.written.length > TARGET_FILE_COUNT)
    problems.push(
      `${r.written.length} files besides the locale files: more than issue #23's ${TARGET_FILE_COUNT}`,
    );
  if (r.locales.length !== 9) problems.push(`locale files: expected 9, got ${r.locales.join(', ')}`);
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const r = runAddAStep(console.log);
  const problems = [...check(r)];
  const tables = perStepTables(root);
  if (JSON.stringify(tables) !== JSON.stringify([...PER_STEP_TABLE_FILES].sort()))
    problems.push(`tables keyed by every step id outside the proof's: ${tables.join(', ')}`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(
    `add-a-step proof: ${r.written.length} files + ${r.locales.length} locale files, as docs/adding-a-step.md says:\n  ${r.written.join('\n  ')}`,
  );
}
