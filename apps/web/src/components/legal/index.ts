// Public surface of the legal feature: the document list and a lazily loaded full-screen viewer.
import { lazyWithQuery } from '../../lib/lazy-with-query';
import { loadOverlayBase } from '../../lib/toast';

export { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from './documents';
// (it reads the document through TanStack Query, which loads with it: decision 015)
export const LegalDocumentPopup = lazyWithQuery(() =>
  loadOverlayBase().then(() => import('./components/legal-document-popup')),
);
