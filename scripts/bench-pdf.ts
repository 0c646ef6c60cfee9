// `npm run bench:pdf`: time to build the application PDF (issue #7 §6) from a full snapshot — every
// step answered, ten documents, 12 agreements, a signature image — N times (BENCH_PDF_RUNS, default
// 20), in each language. Prints the first (cold: font read and parsed) build, then the warm median,
// mean and max, and the PDF's size. `--out <file>` also writes the zh-CN PDF there to look at.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { buildApplicationPdf } from '../apps/api/src/plugins/app/submissions/application-pdf/build';
import { buildSubmission } from '../packages/domain/src/submission';

const runs = Number(process.env.BENCH_PDF_RUNS ?? 20);
const outIndex = process.argv.indexOf('--out');
const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;

const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const sealed = (masked: string) => ({
  sealed: `v1.${hex(masked).slice(0, 48)}`,
  hash: hex(`h${masked}`),
  masked,
});

const at = '2026-11-26T02:00:00.000Z';
const { snapshot, sha256 } = buildSubmission({
  applicationId: '6f1c1f9e-0000-4000-8000-000000000001',
  number: 1,
  submittedAt: at,
  markets: ['HK', 'US'],
  steps: [
    {
      step: 'identity',
      version: 3,
      confirmedAt: at,
      answers: {
        id_location: 'CN',
        nationality: 'CN',
        id_type: 'cn_id',
        chinese_name: '陈大文',
        english_surname: 'CHEN',
        english_given_name: 'DAWEN',
        name_matches_bank: true,
        gender: 'M',
        birth_date: '1988-02-29',
      },
      sealed: { id_number: sealed('4403************12') },
    },
    {
      step: 'address',
      version: 2,
      confirmedAt: at,
      answers: {
        region: 'CN',
        province_code: '440000',
        city_code: '440300',
        county_code: '440305',
        detail: '广东省深圳市南山区科技园路1号 阳光大厦 12 楼 A 室',
        postal_code: '518057',
        correspondence_same: true,
        proof_type: 'utility_bill',
        proof_issued_on: '2026-10-01',
        proof_confirmed: true,
      },
      sealed: {},
    },
    {
      step: 'account_type',
      version: 1,
      confirmedAt: at,
      answers: { securities: 'margin', markets: ['HK', 'US'], futures: false },
      sealed: {},
    },
    {
      step: 'personal',
      version: 1,
      confirmedAt: at,
      answers: {
        education: 'undergraduate',
        marital_status: 'married',
        residential_property: 'owned_mortgaged',
        email: 'chen.dawen@example.com',
      },
      sealed: {},
    },
    {
      step: 'employment',
      version: 1,
      confirmedAt: at,
      answers: {
        status: 'employed',
        company_name: '深圳市示例科技有限公司',
        industry: 'financial',
        position: '高级工程师',
        job_level: 'manager',
        years_of_service: 6,
      },
      sealed: {},
    },
    {
      step: 'financial',
      version: 1,
      confirmedAt: at,
      answers: {
        annual_income: 'income_600k_to_1m',
        net_assets: 'net_assets_1m_to_3m',
        income_sources: ['salary', 'investment_return'],
        asset_classes: ['cash', 'stock'],
        funds_source: 'salary',
      },
      sealed: {},
    },
    {
      step: 'tax',
      version: 1,
      confirmedAt: at,
      answers: {
        tax_residencies: [{ country: 'CN', has_tin: true }],
        us_citizen: false,
        us_green_card: false,
        us_born: false,
      },
      sealed: { tins: sealed('CN: 4403************12') },
    },
    {
      step: 'declarations',
      version: 1,
      confirmedAt: at,
      answers: {
        pep: false,
        licensed_employee: false,
        staff_relation: false,
        beneficial_owner: true,
        corporate_voting_35: false,
        hkidr_consent: true,
        direct_marketing: false,
      },
      sealed: {},
    },
    {
      step: 'investment',
      version: 1,
      confirmedAt: at,
      answers: {
        purposes: ['capital_appreciation', 'dividend_yield'],
        experience: { securities: '3to5', etf: '1to3', futures_options: 'none' },
        derivatives_knowledge: 'none',
      },
      sealed: {},
    },
    {
      step: 'risk_disclosure',
      version: 1,
      confirmedAt: at,
      answers: {
        text_version: '2026-11-20',
        language: 'zh-CN',
        started_at: '2026-11-26T01:40:00.000Z',
        ended_at: '2026-11-26T01:44:00.000Z',
        total_ms: 240000,
        max_speed: 1.5,
      },
      sealed: {},
    },
    { step: 'identity_media', version: 1, confirmedAt: at, answers: { method: 'photos' }, sealed: {} },
    {
      step: 'bank',
      version: 1,
      confirmedAt: at,
      answers: {
        bank_type: 1,
        bank_code: 'ICBC',
        number_masked: '6222 **** **** 1234',
        reserved_phone_masked: '138****5678',
        province_code: '440000',
        city_code: '440300',
      },
      sealed: { card_number: sealed('6222 **** **** 1234'), reserved_phone: sealed('138****5678') },
    },
    {
      step: 'signature',
      version: 1,
      confirmedAt: at,
      answers: {
        agreements: Array.from({ length: 12 }, (_, i) => ({
          id: `agreement-${i + 1}`,
          version: '2026-11-20',
          sha256: hex(`agreement ${i}`),
          title: ['客户协议', '保证金附加条款', '风险披露声明', '个人资料收集声明', 'CRS 自我证明', 'W-8BEN'][
            i % 6
          ]!,
        })),
        answers_hash: hex('answers'),
        signed_at: '2026-11-26T01:58:00.000Z',
      },
      sealed: {},
    },
  ],
  documents: [
    'id_front',
    'id_back',
    'address_proof',
    'address_proof',
    'selfie',
    'selfie_with_id',
    'signature',
  ].map((kind, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    step: kind.startsWith('id_') ? 'identity' : kind === 'signature' ? 'signature' : 'address',
    kind,
    sha256: hex(kind + i),
    mime: kind === 'signature' ? 'image/png' : 'image/jpeg',
    size: 200_000 + i * 1000,
  })),
  agreements: {
    'user-agreement': '2026-11-01',
    disclaimer: '2026-11-01',
    'privacy-guideline': '2026-11-01',
    'personal-data-collection-statement': '2026-11-01',
  },
});

const signature = await sharp(
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="white"/><path d="M40 180 C 120 20, 200 220, 300 90 S 480 60, 560 160" stroke="black" stroke-width="6" fill="none"/></svg>',
  ),
)
  .png()
  .toBuffer();
const submission = { number: 1, sha256, createdAt: new Date(at), snapshot };

for (const lang of ['zh-CN', 'zh-HK', 'en'] as const) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const pdf = await buildApplicationPdf({ lang, submission, signatureImage: signature });
    times.push(performance.now() - start);
    size = pdf.length;
    if (i === 0 && lang === 'zh-CN' && out) writeFileSync(out, pdf);
  }
  const [first, ...warm] = times;
  warm.sort((a, b) => a - b);
  const mean = warm.reduce((a, b) => a + b, 0) / warm.length;
  console.log(
    `${lang.padEnd(5)}  first ${first!.toFixed(0)} ms  warm median ${warm[Math.floor(warm.length / 2)]!.toFixed(0)} ms` +
      `  mean ${mean.toFixed(0)} ms  max ${warm[warm.length - 1]!.toFixed(0)} ms  (${runs} runs)  size ${(size / 1024).toFixed(1)} KB`,
  );
}
if (out) console.log(`zh-CN PDF written to ${out}`);
