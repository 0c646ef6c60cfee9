// Public surface of the legal feature: the document list and a lazily loaded full-screen viewer.
import { lazy } from 'react';

export { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from './documents';
export const LegalDocumentPopup = lazy(() => import('./components/legal-document-popup'));
