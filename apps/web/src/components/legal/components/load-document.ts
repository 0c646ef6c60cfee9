import type { Language } from '@hk/domain';
import type { LegalDocument, LegalDocumentId } from '../documents';

// Each document is its own chunk, fetched when the person opens it.
const files = import.meta.glob<{ default: LegalDocument }>('../content/*/*.json');

export async function loadLegalDocument(lang: Language, id: LegalDocumentId): Promise<LegalDocument> {
  const load = files[`../content/${lang}/${id}.json`] ?? files[`../content/zh-CN/${id}.json`];
  if (!load) throw new Error(`no legal document ${id}`);
  return (await load()).default;
}
