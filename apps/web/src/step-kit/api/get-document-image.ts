import { useEffect, useState } from 'react';
import { apiFetchObjectUrl } from '../../lib/api-client';

// GET /v9/OpenAccountHk/file/<document_id>: owner-only, so it is fetched with the session and shown
// as a blob URL (never a URL carrying the token). Not cached in the query client: the object URL
// must be revoked when the tile goes away.
export function fetchDocumentImageUrl(documentId: string): Promise<string> {
  return apiFetchObjectUrl(`/v9/OpenAccountHk/file/${encodeURIComponent(documentId)}`);
}

export function useDocumentImage(documentId: string | undefined) {
  const [state, setState] = useState<{ id: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!documentId) return;
    let url: string | null = null;
    let live = true;
    fetchDocumentImageUrl(documentId).then(
      (u) => {
        if (live) {
          url = u;
          setState({ id: documentId, url: u, failed: false });
        } else URL.revokeObjectURL(u);
      },
      () => live && setState({ id: documentId, url: null, failed: true }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId]);
  const current = state && state.id === documentId ? state : null;
  return { url: current?.url ?? null, failed: current?.failed ?? false };
}
