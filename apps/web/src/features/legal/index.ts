// Public surface of the legal feature: the document list and a lazily loaded full-screen viewer.
import { lazy } from 'react';
import { loadOverlayBase } from '../../lib/toast';

export { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from './documents';
export const LegalDocumentPopup = lazy(() =>
  loadOverlayBase().then(() => import('./components/legal-document-popup')),
);
