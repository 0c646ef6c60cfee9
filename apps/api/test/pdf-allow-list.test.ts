// The PDF allow-list (documents/pdf.ts, decision 009) on small hand-made files: what a statement
// may carry passes, each thing it may not is refused, and the inflate cap counts every stream.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkInflateCapWorks, inspectPdf, PDF_LIMITS } from '../src/plugins/app/documents/pdf';

/** Numbered objects from 1, a trailer naming the catalog; pdf-lib reads them in order. */
function pdf(objects: (string | Buffer)[], trailer = '/Root 1 0 R'): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  objects.forEach((o, i) => {
    parts.push(Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(o), Buffer.from('\nendobj\n'));
  });
  parts.push(Buffer.from(`trailer\n<< ${trailer} >>\n%%EOF\n`));
  return Buffer.concat(parts);
}

const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${extra} >>`;
const CONTENT = '<< /Length 10 >>\nstream\n0 0 m 1 1 l\nendstream';
const catalog = (extra = '') => `<< /Type /Catalog /Pages 2 0 R ${extra} >>`;
const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);

async function fault(bytes: Buffer) {
  return (await inspectPdf(bytes)).fault;
}

describe('the PDF allow-list', () => {
  it('counts pdf-lib’s decoder (the inflate cap is on)', () => {
    expect(() => checkInflateCapWorks()).not.toThrow();
  });

  it('accepts internal navigation: named destinations, links and outlines with a /Dest, an /OpenAction destination', async () => {
    const file = pdf([
      catalog(
        '/Names << /Dests << /Names [(top) << /D [3 0 R /Fit] >>] >> >> /OpenAction [3 0 R /Fit] /Outlines 6 0 R',
      ),
      PAGES,
      page('/Annots [5 0 R]'),
      CONTENT,
      '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /Dest (top) >>',
      '<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>',
      '<< /Title (Summary) /Parent 6 0 R /Dest [3 0 R /XYZ 0 800 0] >>',
    ]);
    expect(await fault(file)).toBeNull();
  });

  it('refuses an action of every kind, GoTo included, wherever it sits', async () => {
    const cases = [
      pdf([catalog('/OpenAction << /S /GoTo /D [3 0 R /Fit] >>'), PAGES, page(), CONTENT]),
      pdf([
        catalog('/Outlines 5 0 R'),
        PAGES,
        page(),
        CONTENT,
        '<< /Title (x) /A << /S /Named /N /Print >> >>',
      ]),
      pdf([catalog(), PAGES, page('/AA << /O 5 0 R >>'), CONTENT, '<< /S /Hide /T (x) >>']),
      pdf([catalog(), PAGES, page('/Annots [<< /Subtype /Widget /Rect [0 0 1 1] >>]'), CONTENT]),
      pdf([catalog('/Names << /JavaScript 5 0 R >>'), PAGES, page(), CONTENT, '<< /Names [] >>']),
      pdf([catalog(), PAGES, page(), CONTENT, '<< /Type /Action /S /Unknown >>']),
      pdf([catalog('/Threads []'), PAGES, page(), CONTENT]),
    ];
    for (const [i, file] of cases.entries()) expect(await fault(file), `case ${i}`).toBe('active_content');
  });

  it('filters: JPEG images pass; JBIG2, JPEG 2000, unknown and external stream data do not', async () => {
    const image = (filter: string, extra = '') =>
      pdf([
        catalog(),
        PAGES,
        page('/Resources << /XObject << /Im1 5 0 R >> >>'),
        CONTENT,
        stream(
          `/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /${filter} ${extra}`,
          Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
        ),
      ]);
    expect(await fault(image('DCTDecode'))).toBeNull();
    expect(await fault(image('JBIG2Decode'))).toBe('unreadable');
    expect(await fault(image('JPXDecode'))).toBe('unreadable');
    expect(await fault(image('DCTDecode', '/F (photo.jpg)'))).toBe('active_content');
    // an image codec on a content stream is no image
    expect(await fault(pdf([catalog(), PAGES, page(), stream('/Filter /DCTDecode', Buffer.from('x'))]))).toBe(
      'unreadable',
    );
    expect(await fault(pdf([catalog(), PAGES, page(), stream('/Filter /Crypt', Buffer.from('x'))]))).toBe(
      'encrypted',
    );
  });

  it('the inflate cap counts all object streams together, not each alone', async () => {
    const each = Math.floor(PDF_LIMITS.maxInflatedBytes / 3) + 1024;
    const packed = (n: number) => {
      const data = deflateSync(Buffer.concat([Buffer.from(`${n} 0 `), Buffer.alloc(each, ' ')]));
      return stream('/Type /ObjStm /N 1 /First 0 /Filter /FlateDecode', data);
    };
    const three = pdf([catalog(), PAGES, page(), CONTENT, packed(9), packed(10), packed(11)]);
    expect(await fault(three)).toBe('too_complex');
    const two = pdf([catalog(), PAGES, page(), CONTENT, packed(9), packed(10)]);
    expect(await fault(two)).toBeNull();
  });

  it('a file without a page, or whose page tree names a missing node, is unreadable', async () => {
    expect(await fault(pdf([catalog(), '<< /Type /Pages /Kids [] /Count 0 >>']))).toBe('unreadable');
    expect(await fault(pdf([catalog(), PAGES]))).toBe('unreadable');
  });

  it('nesting past the limit is too complex, not a crash', async () => {
    const deep = `${'['.repeat(PDF_LIMITS.maxDepth + 5)}${']'.repeat(PDF_LIMITS.maxDepth + 5)}`;
    expect(await fault(pdf([catalog(), PAGES, page(`/X ${deep}`), CONTENT]))).toBe('too_complex');
  });
});
