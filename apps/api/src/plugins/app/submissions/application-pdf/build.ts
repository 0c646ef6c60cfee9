// The application PDF (issue #7 §6): what a person submitted, made from the frozen snapshot only.
// Sealed values stay sealed: the PDF shows the masked form stored beside them, never the value.
// Chinese text uses Noto Sans CJK (Hans) from the @embedpdf/fonts-sc registry package; it covers
// Simplified and Traditional characters (and Latin), and pdfkit embeds only the glyphs used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hongKongWallTime, type Language, STEP_IDS } from '@hk/domain';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import {
  documentKindLabel,
  readable,
  renderStepLines,
  sealedMasks,
  stepTitle,
} from '../../../../lib/step-texts';
import { AGREEMENT_TITLES, fill, LANGUAGE_NAMES, PDF_TEXTS } from './labels';

export interface PdfSubmission {
  number: number;
  /** SHA-256 of the snapshot's canonical JSON (the submissions row). */
  sha256: string;
  createdAt: Date;
  snapshot: Record<string, unknown>;
}

export interface ApplicationPdfInput {
  lang: Language;
  submission: PdfSubmission;
  /** When each document of the snapshot was uploaded, by document id (from the documents table). */
  uploadedAt?: ReadonlyMap<string, Date>;
  /** The signature image (PNG or JPEG) whose SHA-256 matched the snapshot's, or null. */
  signatureImage?: Buffer | null;
}

const require = createRequire(import.meta.url);
let parsedFont: fontkit.Font | undefined;

/**
 * The CJK font, read from the installed package and parsed once per process (nothing is fetched at
 * run time): each PDF embeds only the glyphs it uses (pdfkit subsets it), the parsed tables and
 * glyph cache are shared.
 */
export function cjkFont(): fontkit.Font {
  if (!parsedFont) {
    const dist = path.dirname(require.resolve('@embedpdf/fonts-sc'));
    const font = fontkit.create(readFileSync(path.join(dist, '..', 'fonts', 'NotoSansHans-Regular.otf')));
    if (!('layout' in font)) throw new Error('the CJK font is a collection, not one font');
    parsedFont = font;
  }
  return parsedFont;
}

/** A string this long is data (a data URL, strokes), not an answer a person typed. */
const MAX_VALUE_CHARS = 1000;

/** `2026-11-26 16:45:01 HKT` (the domain's Hong Kong wall time, with seconds). */
export function hongKongTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const wall = hongKongWallTime(value, 'second');
  if (wall === null) return typeof value === 'string' ? value : null;
  return `${wall} HKT`;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * A step the catalogues do not know (from a snapshot older or newer than this code): its answers
 * are still printed, each by its name made readable, rather than left out of the record.
 */
function uncataloguedValue(value: unknown, lang: Language): string {
  if (value === null || value === undefined || value === '') return PDF_TEXTS.empty[lang];
  if (typeof value === 'boolean') return value ? PDF_TEXTS.yes[lang] : PDF_TEXTS.no[lang];
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

interface Row {
  label: string;
  value: string;
}

/**
 * The rows of one step: its field catalogue rendered for the PDF (labels and choices in the
 * screens' words, money with its currency, times in Hong Kong time, sealed values by their masks,
 * in the form's order); a step without a catalogue by its raw answers.
 */
export function stepRows(step: Rec, lang: Language): Row[] {
  const id = str(step.step) ?? '?';
  const answers = isRec(step.answers) ? step.answers : {};
  const sealed = isRec(step.sealed) ? step.sealed : {};
  if ((STEP_IDS as readonly string[]).includes(id))
    return renderStepLines(id, answers, sealed, lang, 'pdf').map((l) => ({ label: l.label, value: l.value }));
  return [
    ...Object.entries(answers).map(([k, v]) => ({ label: readable(k), value: uncataloguedValue(v, lang) })),
    ...Object.entries(sealedMasks(sealed, lang)).map(([k, v]) => ({ label: readable(k), value: v })),
  ];
}

interface SignedAgreement {
  id: string;
  title: string;
  version: string;
  sha256: string | null;
}

/** The signature step's agreements, read defensively (`[{id, version, sha256, title}]`). */
export function signedAgreements(snapshot: Rec): {
  agreements: SignedAgreement[];
  answersHash: string | null;
  signedAt: string | null;
  language: Language | null;
  /** A typed signature's name (issue #16), when the person adopted their typed name as signature. */
  typedName: string | null;
} {
  const steps = Array.isArray(snapshot.steps) ? snapshot.steps : [];
  const signature = steps.find((s): s is Rec => isRec(s) && s.step === 'signature');
  const answers = signature && isRec(signature.answers) ? signature.answers : {};
  const list = Array.isArray(answers.agreements) ? answers.agreements : [];
  const agreements = list.filter(isRec).map((a) => ({
    id: str(a.id) ?? '?',
    title: str(a.title) ?? readable(str(a.id) ?? '?'),
    version: str(a.version) ?? (typeof a.version === 'number' ? String(a.version) : '?'),
    sha256: str(a.sha256),
  }));
  const language = LANGUAGES.find((l) => l === answers.language) ?? null;
  const typedName =
    answers.signature_method === 'typed' && answers.typed_statement === true ? str(answers.typed_name) : null;
  return {
    agreements,
    answersHash: str(answers.answers_hash),
    signedAt: str(answers.signed_at),
    language,
    typedName,
  };
}

const LANGUAGES: readonly Language[] = ['zh-CN', 'zh-HK', 'en'];

/** The language the person signed in (the signature step's `language`), if the snapshot says. */
export function signingLanguage(snapshot: Rec): Language | null {
  return signedAgreements(snapshot).language;
}

const PAGE = { size: 'A4' as const, margin: 48, footer: 56 };
const LABEL_WIDTH = 170;
const GAP = 10;

/** Builds the PDF. Pure apart from the font read: the same input gives the same pages. */
export async function buildApplicationPdf(input: ApplicationPdfInput): Promise<Buffer> {
  const { lang, submission } = input;
  const snap = submission.snapshot;
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.margin + PAGE.footer },
    bufferPages: true,
    info: {
      Title: `${PDF_TEXTS.title[lang]} #${submission.number}`,
      Subject: `SHA-256 ${submission.sha256}`,
      CreationDate: submission.createdAt,
    },
    lang,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  // pdfkit takes a parsed fontkit font as it takes bytes (its types only name the bytes)
  doc.registerFont('cjk', cjkFont() as unknown as Buffer);
  doc.font('cjk');
  const left = PAGE.margin;
  const width = doc.page.width - 2 * PAGE.margin;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensure = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };

  const heading = (text: string, size = 13) => {
    // a heading never ends a page: room for it and its first row
    ensure(size * 2.5 + 24);
    doc.moveDown(0.6).fontSize(size).fillColor('#1a3d7c').text(text, left, doc.y, { width });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .lineWidth(0.5)
      .strokeColor('#1a3d7c')
      .stroke();
    doc.moveDown(0.4).fillColor('black');
  };

  const row = ({ label, value }: Row) => {
    doc.fontSize(9);
    const valueWidth = width - LABEL_WIDTH - GAP;
    const h = Math.max(
      doc.heightOfString(label, { width: LABEL_WIDTH }),
      doc.heightOfString(value, { width: valueWidth }),
    );
    ensure(h + 4);
    const y = doc.y;
    doc.fillColor('#555555').text(label, left, y, { width: LABEL_WIDTH });
    doc.fillColor('black').text(value, left + LABEL_WIDTH + GAP, y, { width: valueWidth });
    doc.x = left;
    doc.y = y + h + 4;
  };

  // ---- title and submission facts ----
  doc.fontSize(18).fillColor('black').text(PDF_TEXTS.title[lang], left, doc.y, { width, align: 'center' });
  doc
    .moveDown(0.3)
    .fontSize(9)
    .fillColor('#555555')
    .text(PDF_TEXTS.subtitle[lang], { width, align: 'center' });
  doc.moveDown(0.8).fillColor('black');
  // the markets the person chose (the account-type step), not those the account was created with
  const steps = (Array.isArray(snap.steps) ? snap.steps : []).filter(isRec);
  const accountType = steps.find((s) => s.step === 'account_type');
  const markets = renderStepLines(
    'account_type',
    { markets: isRec(accountType?.answers) ? accountType.answers.markets : undefined },
    {},
    lang,
    'pdf',
  );
  row({ label: PDF_TEXTS.submission_number[lang], value: String(submission.number) });
  row({
    label: PDF_TEXTS.submitted_at[lang],
    value: hongKongTime(str(snap.submitted_at) ?? submission.createdAt) ?? '',
  });
  row({ label: PDF_TEXTS.application_id[lang], value: str(snap.application_id) ?? '' });
  row({ label: PDF_TEXTS.markets[lang], value: markets[0]?.value ?? PDF_TEXTS.empty[lang] });
  row({ label: PDF_TEXTS.snapshot_sha256[lang], value: submission.sha256 });

  // ---- every step's answers ----
  for (const step of steps) {
    const id = str(step.step) ?? '?';
    if (id === 'review') continue;
    const confirmed = hongKongTime(str(step.confirmed_at));
    heading(
      `${stepTitle(id, lang)}  ·  ${PDF_TEXTS.step_version[lang]} ${String(step.version ?? '?')}${
        confirmed ? `  ·  ${PDF_TEXTS.confirmed_at[lang]} ${confirmed}` : ''
      }`,
      11,
    );
    const rows = stepRows(step, lang);
    if (rows.length === 0) row({ label: '', value: PDF_TEXTS.empty[lang] });
    for (const r of rows) row(r);
  }

  // ---- documents ----
  heading(PDF_TEXTS.documents[lang]);
  const documents = (Array.isArray(snap.documents) ? snap.documents : []).filter(isRec);
  if (documents.length === 0) row({ label: '', value: PDF_TEXTS.no_documents[lang] });
  for (const d of documents) {
    const id = str(d.id) ?? '';
    const uploaded = hongKongTime(input.uploadedAt?.get(id) ?? null);
    const size = typeof d.size === 'number' ? `${(d.size / 1024).toFixed(1)} KB` : '';
    row({
      label: documentKindLabel(str(d.kind) ?? '?', lang),
      value: [
        `${PDF_TEXTS.doc_step[lang]}: ${stepTitle(str(d.step) ?? '?', lang)}  ·  ${str(d.mime) ?? ''}  ·  ${size}`,
        `${PDF_TEXTS.doc_uploaded[lang]}: ${uploaded ?? '—'}`,
        `SHA-256: ${str(d.sha256) ?? '—'}`,
      ].join('\n'),
    });
  }

  // ---- agreements ----
  heading(PDF_TEXTS.agreements[lang]);
  const signed = signedAgreements(snap);
  doc.fontSize(10).fillColor('#1a3d7c').text(PDF_TEXTS.agreements_signed[lang], left, doc.y, { width });
  doc.moveDown(0.2).fillColor('black');
  if (signed.agreements.length === 0) row({ label: '', value: PDF_TEXTS.no_agreements[lang] });
  for (const a of signed.agreements)
    row({
      label: a.title,
      value: `${PDF_TEXTS.agreement_version[lang]}: ${a.version}\nSHA-256: ${a.sha256 ?? '—'}`,
    });
  const login = isRec(snap.agreements) ? snap.agreements : {};
  ensure(30);
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor('#1a3d7c')
    .text(PDF_TEXTS.agreements_login[lang], left, doc.y, { width });
  doc.moveDown(0.2).fillColor('black');
  if (Object.keys(login).length === 0) row({ label: '', value: PDF_TEXTS.no_agreements[lang] });
  for (const [id, version] of Object.entries(login))
    row({
      label: AGREEMENT_TITLES[id]?.[lang] ?? readable(id),
      value: `${PDF_TEXTS.agreement_version[lang]}: ${String(version)}`,
    });

  // ---- signature ----
  heading(PDF_TEXTS.signature[lang]);
  if (signed.signedAt) row({ label: PDF_TEXTS.signed_at[lang], value: hongKongTime(signed.signedAt) ?? '' });
  if (signed.language)
    row({ label: PDF_TEXTS.signed_in[lang], value: LANGUAGE_NAMES[signed.language][lang] });
  if (signed.answersHash) row({ label: PDF_TEXTS.answers_hash[lang], value: signed.answersHash });
  const hasSignatureDoc = documents.some((d) => d.kind === 'signature');
  if (signed.typedName) {
    // the typed name in the signature box (the embedded CJK font, slanted: no handwriting font is
    // embedded), and the same line the step's catalogue gives the review
    const signatureStep = steps.find((s) => s.step === 'signature');
    for (const r of signatureStep ? stepRows(signatureStep, lang) : []) row(r);
    ensure(70);
    const y = doc.y + 4;
    doc.rect(left, y, 260, 60).lineWidth(0.5).strokeColor('#999999').stroke();
    doc
      .fontSize(20)
      .fillColor('#1a1a1a')
      .text(signed.typedName, left + 10, y + 16, { width: 240, height: 40, ellipsis: true, oblique: 12 });
    doc.fillColor('black');
    doc.x = left;
    doc.y = y + 66;
  } else if (input.signatureImage) {
    ensure(130);
    const y = doc.y + 4;
    doc.rect(left, y, 260, 120).lineWidth(0.5).strokeColor('#999999').stroke();
    doc.image(input.signatureImage, left + 5, y + 5, { fit: [250, 110], align: 'center', valign: 'center' });
    doc.x = left;
    doc.y = y + 126;
  } else {
    row({
      label: '',
      value: hasSignatureDoc ? PDF_TEXTS.signature_missing[lang] : PDF_TEXTS.no_signature[lang],
    });
  }

  // ---- footer on every page: submission, snapshot hash, page number ----
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.margin - 14;
    doc
      .moveTo(left, y - 6)
      .lineTo(left + width, y - 6)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    doc
      .fontSize(7)
      .fillColor('#555555')
      .text(`${PDF_TEXTS.snapshot_sha256[lang]}: ${submission.sha256}`, left, y, { width, lineBreak: false });
    doc.text(
      `${fill(PDF_TEXTS.footer_submission[lang], { n: submission.number })}  ·  ${fill(PDF_TEXTS.page[lang], {
        n: i - range.start + 1,
        total: range.count,
      })}`,
      left,
      y + 10,
      { width, lineBreak: false },
    );
    doc.page.margins.bottom = keep;
  }
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
