import type { DocumentInfo } from '@hk/domain';
import type { DocumentRow } from './document-repository';

/** A document as the screens see it (no storage key, no hash). */
export function toDocumentInfo(
  d: Pick<DocumentRow, 'id' | 'kind' | 'mime' | 'width' | 'height' | 'size' | 'createdAt'>,
): DocumentInfo {
  return {
    document_id: d.id,
    kind: d.kind as DocumentInfo['kind'],
    mime: d.mime,
    width: d.width,
    height: d.height,
    size: d.size,
    uploaded_at: d.createdAt.toISOString(),
  };
}
