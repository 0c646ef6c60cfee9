import { type DocumentInfo, type DocumentKind, UploadResponseSchema } from '@hk/domain';
import { apiUpload } from '../../lib/api-client';

// POST /v9/OpenAccountHk/upload (multipart: kind + file). The server replaces an earlier image of
// the same kind, so 'retake' is just another upload. `fields` adds form fields before the file
// (the face video's `live_code_id`); `filename` names the file (the server types it by content).
export async function uploadDocument(
  kind: DocumentKind,
  file: Blob,
  onProgress?: (percent: number) => void,
  opts: { fields?: Record<string, string>; filename?: string } = {},
): Promise<DocumentInfo> {
  const form = new FormData();
  form.append('kind', kind);
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  form.append('file', file, opts.filename ?? `${kind}.jpg`);
  return (await apiUpload('/v9/OpenAccountHk/upload', form, UploadResponseSchema, onProgress)).data;
}
