import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** At most this many pages are drawn: an address proof or a statement has a few. */
export const PDF_PAGE_LIMIT = 10;
const PAGE_WIDTH = 720;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; pages: number; drawn: number }
  | { kind: 'failed'; message: string };

/**
 * A PDF document drawn page by page on canvases in the console (issue #14: rendered in the console,
 * never handed to a desktop reader). pdf.js parses it in its worker and only draws: it runs no
 * script of the document (`isEvalSupported: false`, no scripting, no annotation layer, no forms).
 * The bytes come from the documents route, each read an access event like an image's.
 */
export function PdfPages({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('cases');
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      // pdf.js and its worker load with the first PDF, not with the console
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ data, isEvalSupported: false, enableXfa: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      if (cancelled) return;
      const count = Math.min(doc.numPages, PDF_PAGE_LIMIT);
      setState({ kind: 'ready', pages: doc.numPages, drawn: 0 });
      for (let n = 1; n <= count && !cancelled; n++) {
        const page = await doc.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: PAGE_WIDTH / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'pdf-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('pdf_page_label', { title, page: n, pages: doc.numPages }));
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no canvas');
        await page.render({ canvas, canvasContext: context, viewport }).promise;
        if (cancelled) return;
        holder.current?.append(canvas);
        setState({ kind: 'ready', pages: doc.numPages, drawn: n });
      }
    })().catch((error: unknown) => {
      if (!cancelled)
        setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
    return () => {
      cancelled = true;
      destroy?.();
      holder.current?.replaceChildren();
    };
  }, [url, title, t]);

  return (
    <div className="pdf-pages">
      <div ref={holder} className="pdf-pages__canvases" />
      {state.kind === 'loading' && (
        <div role="status">
          <Spin size="small" /> {t('pdf_loading')}
        </div>
      )}
      {state.kind === 'ready' && state.pages > PDF_PAGE_LIMIT && state.drawn === PDF_PAGE_LIMIT && (
        <Alert
          type="info"
          showIcon
          title={t('pdf_more_pages', { shown: PDF_PAGE_LIMIT, pages: state.pages })}
        />
      )}
      {state.kind === 'failed' && (
        <Alert type="error" showIcon title={t('pdf_failed')} description={state.message} />
      )}
    </div>
  );
}
