// The four documents of the login agreement (spec §2), in the order the checkbox lists them.
export const LEGAL_DOCUMENTS = [
  'user-agreement',
  'disclaimer',
  'privacy-guideline',
  'personal-data-collection-statement',
] as const;
export type LegalDocumentId = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalDocument {
  title: string;
  effective: string;
  sections: { heading: string; paragraphs: string[] }[];
}
