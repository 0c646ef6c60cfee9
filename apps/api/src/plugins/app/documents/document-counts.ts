import { PDF_MIME } from '@hk/domain/steps/address/address-proof';

/**
 * Live documents by kind, as a step's form rules read them (`StepFormContext.documentCounts`), and
 * the PDFs among them under `<kind>_pdf` (the address proof: 1–3 images or one PDF e-statement).
 */
export function countDocuments(docs: readonly { kind: string; mime: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const d of docs) {
    counts[d.kind] = (counts[d.kind] ?? 0) + 1;
    if (d.mime === PDF_MIME) counts[`${d.kind}_pdf`] = (counts[`${d.kind}_pdf`] ?? 0) + 1;
  }
  return counts;
}
