import { DeleteFileResponseSchema } from '@hk/domain';
import { apiPost } from '../../lib/api-client';

// POST /v9/OpenAccountHk/del_file
export async function deleteDocument(documentId: string) {
  return (await apiPost('/v9/OpenAccountHk/del_file', { document_id: documentId }, DeleteFileResponseSchema))
    .data;
}
