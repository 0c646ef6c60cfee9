// `npm run bench:queue`: the back office's review queue and case view at 1,000,000 applications on
// PostgreSQL (issue #14). Budgets: the queue's first page and a filtered page p95 <= 50 ms, the
// case view p95 <= 150 ms.
//
// 1. A fresh database (hk_bench_queue_<random>, dropped at the end unless --keep) on
//    TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres, migrated by the app itself
//    (the test app's openDatabase: the real migrations), the real app built on it (buildApp).
// 2. One real submission made with the API suites' helpers (the ID step and the uploads through the
//    routes, the other steps through the generic step call with an employed HKID holder's answers,
//    where the call refuses one here (an email not verified, a step not reached) straight through the
//    step store as the submit suites do, then the signature and the submit call): the sampled cases
//    copy its snapshot and documents.
// 3. BENCH_APPLICATIONS (1,000,000) applications with their users, submissions (6% submitted twice:
//    a returned case, then a re-submission), review cases and the cases' events, set-based
//    (INSERT ... SELECT over generate_series, in batches): 74% approved, 6% declined, 6% returned,
//    7% queued, 5% in review, 2% recommended; submitted over the last year (open cases over the last
//    two weeks, most of them recent), numbered and inserted in submission order as a real table
//    grows; flags at their usual rates; six reviewers and three approvers.
//    The generated submissions carry a small stand-in snapshot, except BENCH_CASE_SAMPLE (500) spread
//    over the data: those carry the real snapshot (their own names, document ids and SHA-256), the
//    documents' rows and sealed bytes, and their item decisions and events; the case view opens them.
//    Foreign-key triggers are off while filling (session_replication_role = replica): the rows are
//    consistent by construction. Then VACUUM ANALYZE.
// 4. Through the real HTTP API on loopback (the app listening on 127.0.0.1, a staff member signed in
//    with password + TOTP, session cookie and CSRF header): each scenario warmed up, then
//    BENCH_REQUESTS (200) rounds of one request per scenario, one request at a time; p50/p95/p99
//    against the budgets. Two reference calls (GET /healthz, GET /session) show what any call costs
//    on the machine. When a queue budget fails, the EXPLAIN (ANALYZE, BUFFERS) of that page's
//    statements (the repository's own queueQueries) is printed. Exit code 1 when a budget fails.
//
// Options: --keep (keep the database; print its name); --reuse=hk_bench_queue_<hex> (measure a kept
// database again, without filling it: after a new migration or an index made by hand). Env:
// BENCH_APPLICATIONS, BENCH_REQUESTS, BENCH_CASE_SAMPLE, BENCH_BATCH (100,000), TEST_DATABASE_URL.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson, RISK_DISCLOSURE_VERSION, type StepId, sha256Hex } from '@hk/domain';
import { reviewItemKey } from '@hk/domain/review/decisions';
import { reviewItemsOfSnapshot } from '@hk/domain/review/items';
import { STAFF_API_PREFIX } from '@hk/domain/staff/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { applications } from '../apps/api/src/db/schema';
import { type QueueFilter, queueQueries } from '../apps/api/src/plugins/app/review/review-repository';
import { upload } from '../apps/api/test/application-helpers';
import { applicantWithId, saveStep } from '../apps/api/test/flow-step-helpers';
import { createTestApp, findPostgres, type TestApp } from '../apps/api/test/helpers';
import { confirmStepsBefore } from '../apps/api/test/investment-helpers';
import {
  createStaff,
  type SignedInStaff,
  type StaffAccount,
  signInStaff,
} from '../apps/api/test/review-helpers';
import { audit, confirmLoose, sign, submit } from '../apps/api/test/submit-helpers';

const root = path.resolve(import.meta.dirname, '..');
const KEEP = process.argv.includes('--keep');
const REUSE = process.argv.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);
const TOTAL = Number(process.env.BENCH_APPLICATIONS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UP = 20;
const SAMPLE = Math.min(Number(process.env.BENCH_CASE_SAMPLE ?? 500), TOTAL);
const BATCH = Number(process.env.BENCH_BATCH ?? 100_000);
const QUEUE_P95_MS = 50;
const CASE_P95_MS = 150;
const REVIEWERS = 6;
const APPROVERS = 3;
/** One in SAMPLE_STEP applications carries the real snapshot. */
const SAMPLE_STEP = Math.max(1, Math.floor(TOTAL / SAMPLE));

const SURNAMES = [
  'CHAN',
  'WONG',
  'LEE',
  'CHEUNG',
  'LAU',
  'HO',
  'LEUNG',
  'NG',
  'LAM',
  'TSANG',
  'CHOW',
  'YEUNG',
];
const GIVEN = ['TAI MAN', 'SIU MING', 'KA YAN', 'WING KEI', 'CHI HO', 'MEI LING', 'HOI YAN', 'KWOK WAI'];
const nameOf = (g: number) => ({
  surname: SURNAMES[g % SURNAMES.length]!,
  given: GIVEN[(g * 7) % GIVEN.length]!,
});
/** md5(text)::uuid, as the SQL below names the generated rows. */
const md5Uuid = (s: string) =>
  createHash('md5')
    .update(s)
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const log = (s: string) => console.log(s);

// ---------------------------------------------------------------------------------------------
// The real submission

const HK_DATE = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
    new Date(Date.now() - daysAgo * 864e5),
  );

/** Answers as an employed HKID holder gives them (the step calls; a step the call refuses, loose). */
const REAL_ANSWERS: [StepId, Record<string, unknown>][] = [
  [
    'address',
    {
      region: 'HK',
      district: 'wan_chai',
      detail: 'Flat 12A, 88 Hennessy Road',
      correspondence_same: true,
      proof_type: 'utility_bill',
      proof_issued_on: HK_DATE(7),
      proof_confirmed: true,
    },
  ],
  ['account_type', { securities: 'margin', markets: ['HK', 'US'], futures: false }],
  [
    'personal',
    {
      education: 'undergraduate',
      marital_status: 'married',
      residential_property: 'rented',
      email: 'chan.taiman@example.com',
    },
  ],
  [
    'employment',
    {
      status: 'employed',
      company_name: 'Harbour Trading Limited',
      industry: 'financial',
      position: 'Operations Analyst',
      job_level: 'staff',
      department: 'Operations',
      years_of_service: 6,
    },
  ],
  [
    'financial',
    {
      annual_income: 'income_under_100k',
      net_assets: 'net_assets_under_500k',
      income_sources: ['salary'],
      asset_classes: ['cash', 'stock'],
      funds_source: 'salary',
    },
  ],
  [
    'tax',
    {
      tax_residencies: [{ country: 'HK', tin_from_id: true }],
      citizenship: 'CN',
      us_citizen: false,
      us_green_card: false,
      us_born: false,
    },
  ],
  [
    'declarations',
    {
      pep: false,
      licensed_employee: false,
      staff_relation: false,
      beneficial_owner: true,
      corporate_voting_35: false,
      hkidr_consent: true,
      direct_marketing: false,
    },
  ],
  [
    'investment',
    {
      purposes: ['capital_appreciation'],
      experience: {
        securities: '3to5',
        bond: 'none',
        etf: '1to3',
        warrant: 'none',
        cbbc: 'none',
        futures_options: 'none',
      },
      derivatives_knowledge: [],
    },
  ],
  ['bank', { bank_code: '004', account_number: '123456789001', holder_name: 'CHAN TAI MAN' }],
];

async function realSubmission(t: TestApp): Promise<string> {
  const user = await applicantWithId(t, 'hk');
  const photo = (name: string) => readFileSync(path.join(root, 'e2e/fixtures', name));
  const uploadPhoto = async (kind: string, file: string) => {
    const res = await upload(t, user.token, kind, photo(file), { filename: file });
    if (res.json?.status !== 0)
      log(`  upload ${kind}: refused (${res.json?.status} ${res.json?.info ?? ''})`);
  };
  await uploadPhoto('address_proof', 'hk-id-back.jpg');
  // (no selfies: they need the recording, which the helpers do not play; the case has the two ID
  // photos and the address proof)
  const loose: string[] = [];
  for (const [step, answers] of REAL_ANSWERS) {
    const res = await saveStep(t, user, step, { confirm: true, answers });
    if (res.json.status === 0) continue;
    loose.push(`${step} (${res.json.info ?? res.json.status})`);
    await confirmLoose(t, user, step, answers);
  }
  if (loose.length)
    log(`  refused by the step call here, written through the step store: ${loose.join('; ')}`);
  // as the submit suites' `ready`: what is still open, confirmed as it stands; signed; submitted
  await confirmStepsBefore(t, user, 'review');
  for (let round = 0; round < 4; round++) {
    const open = ((await audit(t, user)).json.data.blocking as StepId[]).filter((s) => s !== 'signature');
    if (open.length === 0) break;
    for (const step of open)
      await confirmLoose(
        t,
        user,
        step,
        step === 'risk_disclosure' ? { text_version: RISK_DISCLOSURE_VERSION } : {},
      );
  }
  await sign(t, user);
  const res = await submit(t, user);
  if (res.json.status !== 0) throw new Error(`the real submission failed: ${JSON.stringify(res.json)}`);
  const [app] = await t.app.ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.userId, user.userId));
  if (!app) throw new Error('the real submission has no application row');
  return app.id;
}

// ---------------------------------------------------------------------------------------------
// The data

interface Template {
  applicationId: string;
  snapshot: Record<string, unknown>;
}

async function loadTemplate(c: pg.Client, applicationId: string): Promise<Template> {
  const { rows } = await c.query('select snapshot from submissions where application_id = $1', [
    applicationId,
  ]);
  return { applicationId, snapshot: rows[0].snapshot as Record<string, unknown> };
}

/** The real snapshot as application g's submission n: its ids, its name, its documents' ids. */
function sampleSnapshot(tpl: Template, g: number, n: number): Record<string, unknown> {
  const snap = structuredClone(tpl.snapshot) as Record<string, unknown> & {
    steps: { step: string; answers: Record<string, unknown> }[];
    documents: { id: string }[];
  };
  const { surname, given } = nameOf(g);
  snap.application_id = md5Uuid(`app${g}`);
  snap.number = n;
  const identity = snap.steps.find((s) => s.step === 'identity');
  if (identity)
    identity.answers = { ...identity.answers, english_surname: surname, english_given_name: given };
  const bank = snap.steps.find((s) => s.step === 'bank');
  if (bank) bank.answers = { ...bank.answers, holder_name: `${surname} ${given}` };
  snap.documents = snap.documents.map((d, i) => ({ ...d, id: md5Uuid(`doc${g}-${i + 1}`) }));
  return snap;
}

async function fill(c: pg.Client, t: TestApp, tpl: Template) {
  const now = t.clock.now.toISOString();
  const started = performance.now();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const at = performance.now();
    const res = await c.query(sql, params);
    return { label, ms: performance.now() - at, rows: res.rowCount ?? 0 };
  };
  await c.query('set session_replication_role = replica');
  await c.query(`select setseed(0.14)`);

  // the plan: one row per application, every random choice made once
  const plan = await step(
    'plan',
    `create unlogged table bench_plan as
     with base as (
       select g, random() as rs, random() < 0.06 as resub, random() as ra, random() as rr,
         random() as rp, random() as rx,
         array_remove(array[
           case when random() < 0.04 then 'age_65_plus' end,
           case when random() < 0.03 then 'student' end,
           case when random() < 0.01 then 'pep' end,
           case when random() < 0.02 then 'licensed_employee' end,
           case when random() < 0.25 then 'under_one_year_experience' end,
           case when random() < 0.15 then 'derivatives' end,
           case when random() < 0.02 then 'us_indicia' end,
           case when random() < 0.01 then 'similar_clients' end], null)::text[] as flags
       from generate_series(1, $1::int) g
     ), staged as (
       select *, case when rs < 0.74 then 'approved' when rs < 0.80 then 'declined'
         when rs < 0.86 then 'returned' when rs < 0.93 then 'queued' when rs < 0.98 then 'in_review'
         else 'recommended' end as stage
       from base
     ), timed as (
       select stage, resub, flags, rx, rr, rp,
         $2::timestamptz - case
           when stage in ('approved', 'declined') then interval '2 days' + ra * interval '363 days'
           when stage = 'returned' then interval '1 day' + ra * interval '120 days'
           else power(ra, 3) * interval '14 days' end as submitted_at
       from staged
     )
     -- numbered in submission order: the tables grow as a real one does, the open cases last
     select (row_number() over (order by submitted_at))::int as g, stage, resub, flags, rx, submitted_at,
       (select id from bench_staff where kind = 'reviewer' and n = 1 + floor(power(rr, 1.5) * ${REVIEWERS})::int) as reviewer,
       (select id from bench_staff where kind = 'approver' and n = 1 + floor(rp * ${APPROVERS})::int) as approver
     from timed`,
    [TOTAL, now],
  );
  await c.query('alter table bench_plan add primary key (g)');
  log(`  plan of ${TOTAL.toLocaleString('en')} applications: ${seconds(plan.ms)}`);

  // the sampled applications: the real snapshot, with their own ids and SHA-256
  const sampleRows: { g: number; n: number; snapshot: string; sha256: string }[] = [];
  const { rows: sampled } = await c.query<{ g: number; resub: boolean }>(
    'select g, resub from bench_plan where g % $1 = 0 order by g limit $2',
    [SAMPLE_STEP, SAMPLE],
  );
  for (const { g, resub } of sampled)
    for (let n = 1; n <= (resub ? 2 : 1); n++) {
      const snap = sampleSnapshot(tpl, g, n);
      sampleRows.push({ g, n, snapshot: JSON.stringify(snap), sha256: sha256Hex(canonicalJson(snap)) });
    }
  await c.query(
    `create unlogged table bench_sample as
     select * from jsonb_to_recordset($1::jsonb) as x(g int, n int, snapshot jsonb, sha256 text)`,
    [JSON.stringify(sampleRows)],
  );
  await c.query('alter table bench_sample add primary key (g, n)');

  const timings = new Map<string, number>();
  const add = (r: { label: string; ms: number }) => timings.set(r.label, (timings.get(r.label) ?? 0) + r.ms);
  for (let lo = 1; lo <= TOTAL; lo += BATCH) {
    const hi = Math.min(TOTAL, lo + BATCH - 1);
    const range = [lo, hi];
    await c.query('begin');
    add(
      await step(
        'users',
        `insert into users (id, region, mobile_enc, mobile_hash, mobile_masked, created_at, last_login_at)
         select md5('user' || g)::uuid, 'HK', 'v1.' || md5('iv' || g) || '.' || md5('enc' || g),
           md5('mobile' || g) || md5('mobile2' || g), '9****' || lpad((g % 1000)::text, 3, '0'),
           submitted_at - interval '3 days', submitted_at
         from bench_plan where g between $1 and $2`,
        range,
      ),
    );
    add(
      await step(
        'applications',
        `insert into applications (id, user_id, status, markets, bank_type, created_at, updated_at, submitted_at)
         select md5('app' || g)::uuid, md5('user' || g)::uuid,
           case stage when 'approved' then (case when rx < 0.6 then 5 when rx < 0.8 then 3 else 2 end)
             when 'declined' then -2 when 'returned' then -1 else 1 end,
           (case when g % 3 = 0 then '["HKMargin","USMargin"]' else '["HKMargin"]' end)::jsonb,
           2, submitted_at - interval '3 days', submitted_at, submitted_at
         from bench_plan where g between $1 and $2`,
        range,
      ),
    );
    add(
      await step(
        'submissions',
        `insert into submissions (id, application_id, number, snapshot, sha256, created_at)
         select md5('sub' || p.g || '-' || k.n)::uuid, md5('app' || p.g)::uuid, k.n,
           coalesce(s.snapshot, jsonb_build_object('format', 1, 'number', k.n, 'bench', true,
             'steps', '[]'::jsonb, 'documents', '[]'::jsonb)),
           coalesce(s.sha256, md5('sha' || p.g || '-' || k.n) || md5('sha2' || p.g || '-' || k.n)),
           case when k.n = 2 or not p.resub then p.submitted_at else p.submitted_at - interval '9 days' end
         from bench_plan p cross join lateral generate_series(1, case when p.resub then 2 else 1 end) k(n)
         left join bench_sample s on s.g = p.g and s.n = k.n
         where p.g between $1 and $2`,
        range,
      ),
    );
    add(
      await step(
        'review_cases',
        `insert into review_cases (id, application_id, submission_id, submission_number, submission_sha256,
           applicant_name, stage, queue, submitted_at, entered_at, due_at, flags, assignee_id,
           recommended_by, recommended_at, recommended_sha256, approved_by, approved_at, decline_reason,
           declined_by, declined_at, closed_at, version, created_at, updated_at)
         select md5('case' || g || '-' || n)::uuid, md5('app' || g)::uuid, md5('sub' || g || '-' || n)::uuid, n,
           sha, name, st, q, sat, entered, entered + case q when 'first_review' then interval '1 day'
             else interval '6 hours' end,
           flags, case when st = 'queued' then null else reviewer end,
           rec_by, rec_at, case when rec_by is null then null else sha end,
           case when st = 'approved' then approver end,
           case when st = 'approved' then rec_at + interval '7 hours' end,
           case when st = 'declined' then (array['not_eligible', 'suspected_fraud', 'duplicate_application',
             'unacceptable_risk', 'no_response_to_revision'])[1 + (g % 5)] end,
           case when st = 'declined' then approver end,
           case when st = 'declined' then sat + interval '2 days' end,
           case st when 'approved' then rec_at + interval '7 hours' when 'declined' then sat + interval '2 days'
             when 'returned' then sat + interval '20 hours' end,
           case st when 'queued' then 0 when 'in_review' then 1 + (g % 9) when 'recommended' then 17
             when 'approved' then 18 when 'declined' then 5 else 9 end,
           sat, coalesce(rec_at, sat)
         from (
           select p.g, k.n, coalesce(s.sha256, md5('sha' || p.g || '-' || k.n) || md5('sha2' || p.g || '-' || k.n)) as sha,
             (array[${SURNAMES.map((x) => `'${x}'`).join(',')}])[1 + p.g % ${SURNAMES.length}] || ' ' ||
               (array[${GIVEN.map((x) => `'${x}'`).join(',')}])[1 + (p.g * 7) % ${GIVEN.length}] as name,
             x.st, x.sat, p.flags, p.reviewer, p.approver,
             case when x.st in ('recommended', 'approved') then 'approval'
               when k.n = 2 then 'resubmission' else 'first_review' end as q,
             case when x.st in ('recommended', 'approved') then p.reviewer end as rec_by,
             case when x.st in ('recommended', 'approved')
               then x.sat + (interval '1 hour' + p.rx * interval '20 hours') end as rec_at,
             case when x.st in ('recommended', 'approved')
               then x.sat + (interval '1 hour' + p.rx * interval '20 hours') else x.sat end as entered
           from bench_plan p
           cross join lateral generate_series(1, case when p.resub then 2 else 1 end) k(n)
           cross join lateral (select
               case when k.n = 1 and p.resub then 'returned' else p.stage end as st,
               case when k.n = 1 and p.resub then p.submitted_at - interval '9 days' else p.submitted_at end as sat
             ) x
           left join bench_sample s on s.g = p.g and s.n = k.n
           where p.g between $1 and $2
         ) c`,
        range,
      ),
    );
    add(
      await step(
        'review_case_events',
        `with c as materialized (
           select c.* from bench_plan p join review_cases c on c.application_id = md5('app' || p.g)::uuid
           where p.g between $1 and $2
         )
         insert into review_case_events (case_id, type, actor_id, previous, next, created_at)
         select id, 'assigned', assignee_id, '{"assigneeId":null}'::jsonb,
           jsonb_build_object('assigneeId', assignee_id), entered_at + interval '10 minutes'
         from c where assignee_id is not null
         union all
         select id, case stage when 'returned' then 'returned' when 'declined' then 'declined' else 'recommended' end,
           coalesce(declined_by, recommended_by, assignee_id), null, '{}'::jsonb, coalesce(recommended_at, closed_at)
         from c where stage in ('returned', 'declined', 'recommended', 'approved')
         union all
         select id, 'approved', approved_by, null, '{}'::jsonb, approved_at from c where stage = 'approved'`,
        range,
      ),
    );
    await c.query('commit');
    log(
      `  applications ${lo.toLocaleString('en')}–${hi.toLocaleString('en')}: ${seconds(performance.now() - started)}`,
    );
  }

  // the sampled cases: the documents' rows and sealed bytes (copies of the real ones)
  add(
    await step(
      'documents',
      `with tpl as (
         select d.ordinality as ord, doc.* from submissions s
         cross join lateral jsonb_array_elements(s.snapshot->'documents') with ordinality d(j, ordinality)
         join documents doc on doc.id = (d.j->>'id')::uuid
         where s.application_id = $1
       ), blobs as (
         insert into file_blobs (storage_key, data, size, created_at)
         select md5('key' || b.g || '-' || tpl.ord), f.data, f.size, now()
         from (select distinct g from bench_sample) b cross join tpl join file_blobs f on f.storage_key = tpl.storage_key
         returning storage_key
       )
       insert into documents (id, user_id, application_id, step, kind, storage_key, mime, size, width, height, sha256, created_at)
       select md5('doc' || b.g || '-' || tpl.ord)::uuid, md5('user' || b.g)::uuid, md5('app' || b.g)::uuid,
         tpl.step, tpl.kind, md5('key' || b.g || '-' || tpl.ord), tpl.mime, tpl.size, tpl.width, tpl.height,
         tpl.sha256, tpl.created_at
       from (select distinct g from bench_sample) b cross join tpl`,
      [tpl.applicationId],
    ),
  );
  // the sampled cases' decisions and their events, as the reviewers made them
  add(await sampleDecisions(c, tpl));
  await c.query('set session_replication_role = origin');
  const fillMs = performance.now() - started;

  const at = performance.now();
  await c.query('vacuum analyze');
  const analyzeMs = performance.now() - at;
  for (const [label, ms] of timings) log(`  ${label.padEnd(20)} ${seconds(ms)}`);
  return { fillMs, analyzeMs };
}

async function sampleDecisions(c: pg.Client, tpl: Template) {
  const at = performance.now();
  const { rows } = await c.query<{
    g: number;
    n: number;
    id: string;
    stage: string;
    assignee_id: string | null;
    entered_at: Date;
    recommended_at: Date | null;
    closed_at: Date | null;
  }>(
    `select s.g, s.n, c.id, c.stage, c.assignee_id, c.entered_at, c.recommended_at, c.closed_at
     from review_cases c join bench_sample s on c.application_id = md5('app' || s.g)::uuid and c.submission_number = s.n`,
  );
  const decisions: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  for (const r of rows) {
    if (!r.assignee_id || r.stage === 'queued') continue;
    const items = reviewItemsOfSnapshot(sampleSnapshot(tpl, r.g, r.n)).map(reviewItemKey);
    const decidedUpTo =
      r.stage === 'in_review' ? Math.floor(items.length / 2) : r.stage === 'declined' ? 0 : items.length;
    const base = (r.recommended_at ?? r.closed_at ?? r.entered_at).getTime() - 3600_000;
    items.slice(0, decidedUpTo).forEach((key, i) => {
      const revision = r.stage === 'returned' && i >= items.length - 2;
      const decidedAt = new Date(base + i * 60_000).toISOString();
      decisions.push({
        case_id: r.id,
        item_key: key,
        verdict: revision ? 'revision' : 'approved',
        reasons: revision ? ['blurry_image'] : [],
        applicant_comment: revision ? 'Please upload a sharper photo of the bill.' : null,
        internal_note: revision ? 'Address unreadable' : null,
        staff_id: r.assignee_id,
        decided_at: decidedAt,
      });
      events.push({
        case_id: r.id,
        type: 'item_decided',
        actor_id: r.assignee_id,
        next: { key, verdict: revision ? 'revision' : 'approved', reasons: revision ? ['blurry_image'] : [] },
        created_at: decidedAt,
      });
    });
  }
  await c.query(
    `insert into review_item_decisions (case_id, item_key, verdict, reasons, applicant_comment, internal_note,
       staff_id, decided_at)
     select * from jsonb_to_recordset($1::jsonb) as x(case_id uuid, item_key text, verdict text, reasons text[],
       applicant_comment text, internal_note text, staff_id uuid, decided_at timestamptz)`,
    [JSON.stringify(decisions)],
  );
  await c.query(
    `insert into review_case_events (case_id, type, actor_id, next, created_at)
     select * from jsonb_to_recordset($1::jsonb) as x(case_id uuid, type text, actor_id uuid, next jsonb,
       created_at timestamptz)`,
    [JSON.stringify(events)],
  );
  return { label: 'sample decisions', ms: performance.now() - at };
}

// ---------------------------------------------------------------------------------------------
// Measuring

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

interface Scenario {
  label: string;
  /** p95 budget in ms; null for the reference calls (what any call costs here). */
  budget: number | null;
  /** The queue's query string, the case ids to open at random, or a fixed path. */
  query?: Record<string, string>;
  cases?: string[];
  path?: string;
}

interface CaseViewShape {
  items: { fields: unknown[]; document: { intact: boolean } | null }[];
  events: unknown[];
}

interface Measured {
  scenario: Scenario;
  samples: number[];
  p50: number;
  p95: number;
  p99: number;
  total?: number;
}

/** One request of a scenario: its latency in ms (the answer read to the end); throws on an error answer. */
async function requestOnce(
  base: string,
  who: SignedInStaff,
  s: Scenario,
): Promise<{ ms: number; total?: number }> {
  const headers = { cookie: who.cookie, 'x-csrf-token': who.csrf, 'accept-language': 'en', lang: 'en' };
  const url = s.path
    ? `${base}${s.path}`
    : s.cases
      ? `${base}${STAFF_API_PREFIX}/cases/${s.cases[Math.floor(Math.random() * s.cases.length)]}`
      : `${base}${STAFF_API_PREFIX}/cases?${new URLSearchParams(s.query)}`;
  const at = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { status?: number; info?: string; data?: { total?: number } };
  const ms = performance.now() - at;
  if (res.status !== 200 || (body.status !== undefined && body.status !== 0))
    throw new Error(`${s.label}: HTTP ${res.status}, status ${body.status} (${body.info ?? ''}) for ${url}`);
  return { ms, ...(body.data?.total === undefined ? {} : { total: body.data.total }) };
}

/**
 * Every scenario warmed up, then REQUESTS rounds of one request per scenario, one request at a
 * time: a moment of load from elsewhere on the machine falls on every scenario alike.
 */
async function measureAll(base: string, who: SignedInStaff, scenarios: Scenario[]): Promise<Measured[]> {
  for (const s of scenarios) for (let i = 0; i < WARM_UP; i++) await requestOnce(base, who, s);
  const samples = scenarios.map(() => [] as number[]);
  const totals: (number | undefined)[] = scenarios.map(() => undefined);
  for (let round = 0; round < REQUESTS; round++)
    for (const [i, s] of scenarios.entries()) {
      const r = await requestOnce(base, who, s);
      samples[i]!.push(r.ms);
      totals[i] = r.total;
    }
  return scenarios.map((scenario, i) => {
    const sorted = [...samples[i]!].sort((a, b) => a - b);
    const total = totals[i];
    return {
      scenario,
      samples: sorted,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      ...(total === undefined ? {} : { total }),
    };
  });
}

/** The QueueFilter the service makes of a scenario's query (review/case-queue.ts fetchQueue). */
function filterOf(q: Record<string, string>, me: string, now: Date): QueueFilter {
  return {
    stage: q.stage as QueueFilter['stage'],
    queue: q.queue,
    flag: q.flag,
    assigneeId: q.assignee === 'me' ? me : q.assignee === 'none' ? null : q.assignee,
    overdue: q.overdue === undefined ? undefined : q.overdue === 'true',
    now,
  };
}

async function explainQueue(c: pg.Client, t: TestApp, s: Scenario, me: string) {
  const q = s.query ?? {};
  const pageSize = Number(q.pageSize ?? 20);
  const page = Number(q.page ?? 1);
  const built = queueQueries(
    t.app.ctx.db,
    filterOf(q, me, t.clock.now),
    (q.sort as 'due' | 'submitted' | '-submitted' | undefined) ?? 'due',
    { offset: (page - 1) * pageSize, limit: pageSize },
  );
  for (const [what, query] of [
    ['page', built.rows],
    ['count', built.count],
  ] as const) {
    const { sql, params } = query.toSQL();
    const { rows } = await c.query(`explain (analyze, buffers) ${sql}`, params);
    log(`\n  EXPLAIN ANALYZE, ${s.label}, the ${what}:`);
    for (const r of rows) log(`    ${r['QUERY PLAN']}`);
  }
}

// ---------------------------------------------------------------------------------------------

const pgBase = await findPostgres();
if (!pgBase) {
  console.error(
    'PostgreSQL does not answer (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)',
  );
  process.exit(1);
}
const dbName = REUSE ?? `hk_bench_queue_${randomBytes(5).toString('hex')}`;
if (!/^hk_bench_queue_[0-9a-f]+$/.test(dbName)) {
  console.error(`--reuse names a database this script made (hk_bench_queue_<hex>), not ${dbName}`);
  process.exit(1);
}
const dbUrl = new URL(pgBase);
dbUrl.pathname = `/${dbName}`;
if (!REUSE) {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
}

let failed = false;
let t: TestApp | undefined;
const c = new pg.Client({ connectionString: dbUrl.toString() });
try {
  await c.connect();
  let me: SignedInStaff;
  if (REUSE) {
    // the kept data: its key (the sampled documents' sealed bytes), its clock, its first reviewer
    const { rows } = await c.query('select data_key, now from bench_meta');
    if (!rows[0]) throw new Error(`${dbName} has no bench_meta: not a database this script filled`);
    log(`database ${dbName} (kept): migrating (new migrations only) and building the app`);
    t = await createTestApp(
      'postgres',
      { dataKey: Buffer.from(rows[0].data_key, 'hex') },
      { databaseUrl: dbUrl.toString() },
    );
    t.clock.now = new Date(rows[0].now);
    const { rows: staffRows } = await c.query(
      `select id, username, secret from bench_staff where kind = 'reviewer' and n = 1`,
    );
    const first = staffRows[0] as { id: string; username: string; secret: string };
    // a TOTP code is taken once: the kept clock may give the code of the last sign-in again
    await c.query('update staff_members set last_totp_step = null where id = $1', [first.id]);
    await c.query('vacuum analyze review_cases');
    me = await signInStaff(t, { ...first, roles: ['reviewer'] });
  } else {
    log(`database ${dbName}: migrating and building the app`);
    const dataKey = randomBytes(32);
    t = await createTestApp('postgres', { dataKey }, { databaseUrl: dbUrl.toString() });
    const at = performance.now();
    const templateApp = await realSubmission(t);
    const reviewers: StaffAccount[] = [];
    for (let i = 0; i < REVIEWERS; i++) reviewers.push(await createStaff(t, ['reviewer']));
    const approvers: StaffAccount[] = [];
    for (let i = 0; i < APPROVERS; i++) approvers.push(await createStaff(t, ['approver']));
    log(`one real submission and ${REVIEWERS + APPROVERS} staff members: ${seconds(performance.now() - at)}`);
    const tpl = await loadTemplate(c, templateApp);
    // what --reuse needs (a bench database only: the key and the TOTP secrets in clear)
    await c.query('create table bench_meta (data_key text not null, now timestamptz not null)');
    await c.query('insert into bench_meta values ($1, $2)', [dataKey.toString('hex'), t.clock.now]);
    await c.query(
      'create table bench_staff (kind text, n int, id uuid, username text, secret text, primary key (kind, n))',
    );
    for (const [kind, list] of [
      ['reviewer', reviewers],
      ['approver', approvers],
    ] as const)
      for (const [i, a] of list.entries())
        await c.query('insert into bench_staff values ($1, $2, $3, $4, $5)', [
          kind,
          i + 1,
          a.id,
          a.username,
          a.secret,
        ]);

    log(`filling ${TOTAL.toLocaleString('en')} applications (batches of ${BATCH.toLocaleString('en')})`);
    const { fillMs, analyzeMs } = await fill(c, t, tpl);
    log(`data made in ${seconds(fillMs)} (+ VACUUM ANALYZE ${seconds(analyzeMs)})`);
    me = await signInStaff(t, reviewers[0]!);
  }
  const { rows: counts } = await c.query(
    `select (select count(*) from applications)::int as applications, (select count(*) from submissions)::int as submissions,
       (select count(*) from review_cases)::int as cases,
       (select count(*) from review_cases where stage in ('queued', 'in_review', 'recommended'))::int as open,
       (select count(*) from review_case_events)::int as events,
       pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  log(`in the database: ${JSON.stringify(counts[0])}`);

  const { rows: sampleCases } = await c.query<{ id: string }>(
    `select c.id from review_cases c join bench_sample s
       on c.application_id = md5('app' || s.g)::uuid and c.submission_number = s.n`,
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const scenarios: Scenario[] = [
    { label: 'reference: GET /healthz', budget: null, path: '/healthz' },
    { label: 'reference: GET /backoffice/api/session', budget: null, path: `${STAFF_API_PREFIX}/session` },
    { label: 'queue, first page (open, by due date)', budget: QUEUE_P95_MS, query: {} },
    {
      label: 'queue, in review + mine + flag + overdue',
      budget: QUEUE_P95_MS,
      query: { stage: 'in_review', assignee: 'me', flag: 'under_one_year_experience', overdue: 'true' },
    },
    {
      label: 'queue, unassigned first reviews, newest first, page 5',
      budget: QUEUE_P95_MS,
      query: { assignee: 'none', queue: 'first_review', sort: '-submitted', page: '5' },
    },
    { label: 'queue, mine (open), by due date', budget: QUEUE_P95_MS, query: { assignee: 'me' } },
    {
      label: 'queue, flag pep, page 2 of 50',
      budget: QUEUE_P95_MS,
      query: { flag: 'pep', page: '2', pageSize: '50' },
    },
    // filters no index narrows yet: shown, not judged (docs/backoffice.md "Queue performance")
    {
      label: 'unbudgeted: queued + flag derivatives',
      budget: null,
      query: { stage: 'queued', flag: 'derivatives' },
    },
    {
      label: 'unbudgeted: returned (closed) + mine',
      budget: null,
      query: { stage: 'returned', assignee: 'me' },
    },
    {
      label: `case view (${sampleCases.length} cases at random)`,
      budget: CASE_P95_MS,
      cases: sampleCases.map((r) => r.id),
    },
  ];
  // what a case view carries here (the sampled cases' real snapshot, documents that hash right)
  const probe = await fetch(`${base}${STAFF_API_PREFIX}/cases/${sampleCases[0]?.id}`, {
    headers: { cookie: me.cookie, 'accept-language': 'en' },
  });
  const view = ((await probe.json()) as { data?: CaseViewShape }).data;
  const docs = view?.items.filter((i) => i.document) ?? [];
  log(
    `a sampled case view: ${view?.items.length ?? 0} items (${docs.length} documents, ${docs.filter((i) => i.document?.intact).length} intact), ` +
      `${view?.items.reduce((n, i) => n + i.fields.length, 0) ?? 0} answer lines, ${view?.events.length ?? 0} events`,
  );
  log(
    `\nmeasuring on ${base}: ${WARM_UP} warm-up requests, then ${REQUESTS} rounds of one request per scenario, one at a time`,
  );
  const results = await measureAll(base, me, scenarios);

  const f = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  log('');
  log(
    `${'scenario'.padEnd(56)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)}  budget (p95)`,
  );
  const over = (r: Measured) => r.scenario.budget !== null && r.p95 > r.scenario.budget;
  for (const r of results) {
    if (over(r)) failed = true;
    const verdict =
      r.scenario.budget === null ? '' : `<= ${r.scenario.budget} ms ${over(r) ? 'FAIL' : 'pass'}`;
    log(
      `${r.scenario.label.padEnd(56)} ${f(r.p50)} ${f(r.p95)} ${f(r.p99)}  ${verdict}` +
        (r.total === undefined ? '' : `  (total ${r.total})`),
    );
  }
  for (const r of results) if (over(r) && r.scenario.query) await explainQueue(c, t, r.scenario, me.id);
  if (KEEP || REUSE) log(`\nkept: ${dbUrl} (measure it again: npm run bench:queue -- --reuse=${dbName})`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await c.end().catch(() => {});
  await t?.close().catch(() => {});
  if (!KEEP && !REUSE) {
    const drop = new pg.Client({ connectionString: pgBase });
    await drop.connect();
    await drop.query(`drop database if exists ${dbName} with (force)`);
    await drop.end();
  }
}
process.exit(failed ? 1 : 0);
