import { type DocumentInfo, type DocumentKind, UploadResponseSchema } from '@hk/domain';
import { apiUpload } from '../../../lib/api-client';

// POST /v9/OpenAccountHk/upload (multipart: kind + file). The server replaces an earlier image of
// the same kind, so 'retake' is just another upload.
export async function uploadDocument(
  kind: DocumentKind,
  file: Blob,
  onProgress?: (percent: number) => void,
): Promise<DocumentInfo> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, `${kind}.jpg`);
  return (await apiUpload('/v9/OpenAccountHk/upload', form, UploadResponseSchema, onProgress)).data;
}
