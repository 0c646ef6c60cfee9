// The PDF of a case drawn in the console: pdf.js is replaced by a stand-in at its module boundary
// (jsdom draws nothing), so the test checks what the console asks of it and shows.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { PDF_PAGE_LIMIT, PdfPages } from './pdf-pages';

const getDocument = vi.fn();
/** The drawn pages (antd's alert icons are images too). */
const pages = () => screen.queryAllByRole('img').filter((el) => el.tagName === 'CANVAS');
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: (...a: unknown[]) => getDocument(...a),
}));

function fakeDocument(numPages: number) {
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 600 * scale, height: 800 * scale }),
    render: vi.fn(() => ({ promise: Promise.resolve() })),
  };
  return { promise: Promise.resolve({ numPages, getPage: vi.fn(async () => page) }), destroy: vi.fn() };
}

beforeEach(() => {
  initI18n('en');
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as CanvasRenderingContext2D);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  getDocument.mockReset();
});

describe('a PDF document in the case view', () => {
  it('is drawn page by page with its scripts off, each page named for a screen reader', async () => {
    getDocument.mockReturnValue(fakeDocument(2));
    render(<PdfPages url="/backoffice/api/cases/c1/documents/d1" title="Address proof" />);
    await waitFor(() => expect(pages()).toHaveLength(2));
    expect(pages().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Address proof, page 1 of 2',
      'Address proof, page 2 of 2',
    ]);
    const options = getDocument.mock.calls[0]![0] as Record<string, unknown>;
    expect(options).toMatchObject({ isEvalSupported: false, enableXfa: false });
    expect(options.data).toBeInstanceOf(Uint8Array);
    expect(fetch).toHaveBeenCalledWith('/backoffice/api/cases/c1/documents/d1', {
      credentials: 'same-origin',
    });
  });

  it(`draws at most ${PDF_PAGE_LIMIT} pages and says so; a refusal is said in words`, async () => {
    getDocument.mockReturnValue(fakeDocument(14));
    const { unmount } = render(<PdfPages url="/d2" title="Bank statement" />);
    expect(await screen.findByText(`The first ${PDF_PAGE_LIMIT} of 14 pages are shown.`)).toBeTruthy();
    expect(pages()).toHaveLength(PDF_PAGE_LIMIT);
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 403 })),
    );
    render(<PdfPages url="/d3" title="Bank statement" />);
    expect(await screen.findByText('The PDF could not be drawn')).toBeTruthy();
    expect(screen.getByText('HTTP 403')).toBeTruthy();
  });
});
