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

/** ASCII85 (ISO 32000 §7.4.3) of `data`, without the end marker. */
function ascii85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    let n = chunk.readUInt32BE(0);
    const len = Math.min(4, data.length - i);
    if (n === 0 && len === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode((n % 85) + 33));
      n = Math.floor(n / 85);
    }
    out += digits.slice(0, len + 1).join('');
  }
  return out;
}

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
    const each = Math.floor(PDF_LIMITS.maxObjectStreamBytes / 3) + 1024;
    const packed = (n: number) => {
      const data = deflateSync(Buffer.concat([Buffer.from(`${n} 0 `), Buffer.alloc(each, ' ')]));
      return stream('/Type /ObjStm /N 1 /First 0 /Filter /FlateDecode', data);
    };
    const three = pdf([catalog(), PAGES, page(), CONTENT, packed(9), packed(10), packed(11)]);
    expect(await fault(three)).toBe('too_complex');
    const two = pdf([catalog(), PAGES, page(), CONTENT, packed(9), packed(10)]);
    expect(await fault(two)).toBeNull();
  });

  // issue #22 finding 5: every stream, not only object streams, is inflated under the caps
  describe('every stream’s inflated size (page contents, images, any filter chain)', () => {
    const spaces = (n: number) => Buffer.alloc(n, ' ');
    const MB = 1024 * 1024;

    it('a page content past the one-stream cap is too complex; just under it passes', async () => {
      const over = pdf([
        catalog(),
        PAGES,
        page(),
        stream('/Filter /FlateDecode', deflateSync(spaces(PDF_LIMITS.maxStreamBytes + 1))),
      ]);
      expect(await fault(over)).toBe('too_complex');
      const under = pdf([
        catalog(),
        PAGES,
        page(),
        stream('/Filter /FlateDecode', deflateSync(spaces(PDF_LIMITS.maxStreamBytes - MB))),
      ]);
      expect(await fault(under)).toBeNull();
    });

    it('all streams together: three contents each under the one-stream cap but past the total', async () => {
      const each = Math.floor(PDF_LIMITS.maxInflatedBytes / 3) + 1024;
      expect(each).toBeLessThan(PDF_LIMITS.maxStreamBytes);
      const contents = (n: number) =>
        Array.from({ length: n }, () => stream('/Filter /FlateDecode', deflateSync(spaces(each))));
      const refs = (n: number) => Array.from({ length: n }, (_, i) => `${i + 4} 0 R`).join(' ');
      const three = pdf([
        catalog(),
        PAGES,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [${refs(3)}] >>`,
        ...contents(3),
      ]);
      expect(await fault(three)).toBe('too_complex');
      const two = pdf([
        catalog(),
        PAGES,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [${refs(2)}] >>`,
        ...contents(2),
      ]);
      expect(await fault(two)).toBeNull();
    });

    it('a filter chain is inflated stage by stage: ASCII85 over Flate, and RunLength', async () => {
      const flate = deflateSync(spaces(PDF_LIMITS.maxStreamBytes + 1));
      const a85 = Buffer.from(`${ascii85(flate)}~>`, 'latin1');
      expect(
        await fault(pdf([catalog(), PAGES, page(), stream('/Filter [/ASCII85Decode /FlateDecode]', a85)])),
      ).toBe('too_complex');
      // RunLength: 2 bytes make 128 (0x81 = repeat the next byte 128 times), then the end (0x80)
      const runs = Math.ceil((PDF_LIMITS.maxStreamBytes + 1) / 128);
      const rl = Buffer.concat([Buffer.alloc(runs * 2, Buffer.from([0x81, 0x20])), Buffer.from([0x80])]);
      expect(await fault(pdf([catalog(), PAGES, page(), stream('/Filter /RunLengthDecode', rl)]))).toBe(
        'too_complex',
      );
      const small = Buffer.from([0x81, 0x20, 0x80]);
      expect(
        await fault(pdf([catalog(), PAGES, page(), stream('/Filter /RunLengthDecode', small)])),
      ).toBeNull();
    });

    const imageFile = (dict: string, data: Buffer) =>
      pdf([
        catalog(),
        PAGES,
        page('/Resources << /XObject << /Im1 5 0 R >> >>'),
        CONTENT,
        stream(`/Type /XObject /Subtype /Image /BitsPerComponent 8 ${dict}`, data),
      ]);

    it('an image: its Flate data, what it declares, and a JPEG’s own frame are bounded', async () => {
      const gray = '/Width 1 /Height 1 /ColorSpace /DeviceGray';
      const bomb = deflateSync(Buffer.alloc(PDF_LIMITS.maxStreamBytes + 1));
      expect(await fault(imageFile(`${gray} /Filter /FlateDecode`, bomb))).toBe('too_complex');
      // 4000 × 3000 RGB (36 MB decoded) declared, over the cap; 3000 × 3000 (27 MB) under it
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
      expect(
        await fault(imageFile('/Width 4000 /Height 3000 /ColorSpace /DeviceRGB /Filter /DCTDecode', jpeg)),
      ).toBe('too_complex');
      expect(
        await fault(imageFile('/Width 3000 /Height 3000 /ColorSpace /DeviceRGB /Filter /DCTDecode', jpeg)),
      ).toBeNull();
      // a JPEG whose frame says 65000 × 65000 under a dictionary that says 1 × 1
      const frame = (w: number, h: number) =>
        Buffer.from([
          0xff,
          0xd8,
          0xff,
          0xc0,
          0,
          11,
          8,
          h >> 8,
          h & 255,
          w >> 8,
          w & 255,
          1,
          1,
          0x11,
          0,
          0xff,
          0xd9,
        ]);
      expect(await fault(imageFile(`${gray} /Filter /DCTDecode`, frame(65000, 65000)))).toBe('too_complex');
      expect(await fault(imageFile(`${gray} /Filter /DCTDecode`, frame(1, 1)))).toBeNull();
      // an image codec decodes to the image: a filter after it is not a chain a viewer reads
      expect(await fault(imageFile(`${gray} /Filter [/DCTDecode /FlateDecode]`, jpeg))).toBe('unreadable');
    });

    it('an inline image in the page content is inflated and bounded too', async () => {
      const inline = (head: string, data: Buffer) =>
        pdf([
          catalog(),
          PAGES,
          page(),
          stream(
            '',
            Buffer.concat([Buffer.from(`q 10 0 0 10 0 0 cm BI ${head} ID `), data, Buffer.from('\nEI Q')]),
          ),
        ]);
      const bomb = deflateSync(Buffer.alloc(PDF_LIMITS.maxStreamBytes + 1));
      expect(await fault(inline('/W 1 /H 1 /BPC 8 /CS /G /F /Fl', bomb))).toBe('too_complex');
      expect(
        await fault(inline('/W 1 /H 1 /BPC 8 /CS /G /F [/AHx /Fl]', Buffer.from(`${bomb.toString('hex')}>`))),
      ).toBe('too_complex');
      expect(await fault(inline('/W 100000 /H 100000 /BPC 8 /CS /RGB', Buffer.alloc(3)))).toBe('too_complex');
      expect(await fault(inline('/W 1 /H 1 /BPC 8 /CS /G /F /Fl', deflateSync(Buffer.alloc(1))))).toBeNull();
    });
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
