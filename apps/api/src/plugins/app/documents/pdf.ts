// The address proof's PDF e-statement, by allow-list (decision 009). The file is parsed by a real
// PDF parser (pdf-lib), every object it holds is checked against what a bank statement or a bill
// needs, and what is stored is the parser's own serialisation of those checked objects: one plain
// cross-reference table, no object streams, no comments, no bytes between objects. So the file a
// reviewer opens is the one the server understood, and a trick that hides objects from one reader
// (a stream without a filter, a filter the checker skips, objects between `% stream` comments, an
// xref entry that points inside a stream) has nowhere left to hide. Runs in the heavy-work pool
// (plugins/app/heavy), never on the event loop.
import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFParser,
  PDFRawStream,
  PDFStream,
  PDFWriter,
} from 'pdf-lib';
import DecodeStreamModule from 'pdf-lib/cjs/core/streams/DecodeStream.js';
import { AppError } from '../../../lib/app-error';

/** ISO 32000: a PDF starts with `%PDF-` and its version (1.0–1.7, 2.0). */
const PDF_HEADER_RE = /^%PDF-[12]\.\d/;

/** Limits of one inspection (docs/uploads.md). */
export const PDF_LIMITS = {
  /**
   * What every stream of the file may inflate to, in total (page contents, images, fonts, object
   * and cross-reference streams; each stage of a filter chain counts), counted while inflating.
   */
  maxInflatedBytes: 64 * 1024 * 1024,
  /**
   * What one stream may inflate to (each stage of its filter chain), and what one image may
   * declare it decodes to (width × height × components × bits ÷ 8, its JPEG frame too): a page
   * scanned at 300 dpi in colour is 26 MB.
   */
  maxStreamBytes: 32 * 1024 * 1024,
  /**
   * What object and cross-reference streams may inflate to, in total, while parsing (their bytes
   * are parsed as objects, which costs more per byte than inflating: 16 MB of them take seconds).
   */
  maxObjectStreamBytes: 16 * 1024 * 1024,
  /** Indirect objects: a 100-page statement has a few thousand. */
  maxObjects: 100_000,
  /** Values visited (every number, name, string, array and dictionary entry). */
  maxValues: 1_000_000,
  /** Arrays and dictionaries inside one another. */
  maxDepth: 64,
} as const;

export type PdfFault = 'not_pdf' | 'unreadable' | 'encrypted' | 'active_content' | 'too_complex';

// ---- what a statement may contain ---------------------------------------------------------

/** `/Type` values of a statement's objects: pages, fonts, images, vector graphics, outlines, tags. */
const ALLOWED_TYPES = new Set([
  'Catalog',
  'Pages',
  'Page',
  'Font',
  'FontDescriptor',
  'Encoding',
  'CMap',
  'XObject',
  'ExtGState',
  'Pattern',
  'Shading',
  'Halftone',
  'Mask',
  'Group',
  'Metadata',
  'Outlines',
  'StructTreeRoot',
  'StructElem',
  'OBJR',
  'MCR',
  'MarkInfo',
  'OutputIntent',
  'OCG',
  'OCMD',
  'Annot',
  'Border',
  'PageLabel',
  'Trans',
  'Viewport',
  'Measure',
  'Namespace',
  'Extensions',
  'DeveloperExtensions',
  'NumberFormat',
  'PtData',
]);

/** Keys of the document catalog: everything else there (forms, names of scripts, …) is refused. */
const ALLOWED_CATALOG_KEYS = new Set([
  'Type',
  'Version',
  'Extensions',
  'Pages',
  'PageLabels',
  'Names',
  'Dests',
  'ViewerPreferences',
  'PageLayout',
  'PageMode',
  'Outlines',
  'OpenAction', // a destination array only (checked below)
  'Metadata',
  'StructTreeRoot',
  'MarkInfo',
  'Lang',
  'OutputIntents',
  'OCProperties',
  'PieceInfo',
]);

/** The catalog's name trees: named destinations only (not scripts, attached files, renditions). */
const ALLOWED_NAMES_KEYS = new Set(['Dests']);

/** Annotations a statement may carry; links only with a plain `/Dest` (actions are refused). */
const ALLOWED_ANNOTATIONS = new Set([
  'Link',
  'Text',
  'Popup',
  'FreeText',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Square',
  'Circle',
  'Line',
  'Polygon',
  'PolyLine',
  'Ink',
  'Stamp',
  'Caret',
]);

/** Filters the server decodes itself (and so can check what they hide). */
const DECODABLE_FILTERS = new Set([
  'FlateDecode',
  'LZWDecode',
  'ASCIIHexDecode',
  'ASCII85Decode',
  'RunLengthDecode',
]);
/**
 * Image codecs a viewer decodes and a statement uses (JPEG photos and logos, fax-coded scans). Not
 * JBIG2 or JPEG 2000: statements do not need them and viewers' decoders of both have a history of
 * exploits (JBIG2: FORCEDENTRY, 2021); a scan of that kind can be sent as a photo.
 */
const IMAGE_FILTERS = new Set(['DCTDecode', 'CCITTFaxDecode']);

/** Keys that make a PDF act, submit, attach or fetch, wherever they appear. */
const REFUSED_KEYS = new Set([
  'JS',
  'JavaScript',
  'AA',
  'AcroForm',
  'XFA',
  'NeedsRendering',
  'EmbeddedFiles',
  'EmbeddedFile',
  'AF',
  'URI',
  'Collection',
  'RichMediaContent',
  'RichMediaSettings',
]);

/** ISO 32000-2 §12.6.4: every action type. A dictionary with one of them as `/S` is an action. */
const ACTION_TYPES = new Set([
  'GoTo',
  'GoToR',
  'GoToE',
  'GoToDp',
  'Launch',
  'Thread',
  'URI',
  'Sound',
  'Movie',
  'Hide',
  'Named',
  'SubmitForm',
  'ResetForm',
  'ImportData',
  'JavaScript',
  'SetOCGState',
  'Rendition',
  'Trans',
  'GoTo3DView',
  'RichMediaExecute',
]);

// ---- the inflate cap ----------------------------------------------------------------------

class InflateLimitExceeded extends Error {}

/** The inspection in progress: how much its decoders have produced so far, and their limits. */
type InflateBudget = { used: number; max: number; maxStream: number; exceeded: boolean };
let inflateBudget: InflateBudget | null = null;
const producedBy = new WeakMap<object, number>();

/**
 * How far past what a decoder asked for its buffer may grow: 1 MB, or half of what it holds (so a
 * stream of n bytes is copied O(log n) times, not n ÷ 1 MB times: 32 MB inflated in 0.3 s, not
 * 1.5 s). What is counted is what was asked for, so the memory a stream takes stays under 1.5 ×
 * the cap (and the old buffer while it is copied).
 */
const GROWTH_STEP = 1024 * 1024;

type Decoder = {
  buffer: Uint8Array;
  bufferLength: number;
  minBufferLength: number;
  ensureBuffer(requested: number): Uint8Array;
  decode(): Uint8Array;
};

function count(decoder: object, produced: number) {
  const budget = inflateBudget;
  if (!budget) return;
  const before = producedBy.get(decoder) ?? 0;
  if (produced <= before) return;
  producedBy.set(decoder, produced);
  budget.used += produced - before;
  if (budget.used > budget.max || produced > budget.maxStream) {
    budget.exceeded = true;
    throw new InflateLimitExceeded();
  }
}

/**
 * pdf-lib inflates object streams while it parses, with no limit. Its decoders all grow their
 * output buffer through `DecodeStream.ensureBuffer(requested)`, also in the middle of one deflate
 * block (which can expand without end), so the count runs there: a bomb stops at the cap before
 * the memory is taken, not after. The buffer grows by at most GROWTH_STEP or half its size past
 * the request (not by doubling); at the end of each stream the count is made exact. pdf-lib is pinned (1.17.1, its last release) and `checkInflateCapWorks` proves at load
 * that the count runs. (A CommonJS module with `exports.default`: Node's import gives the exports
 * object, a bundler the class.)
 */
const decodeProto = (
  (DecodeStreamModule as unknown as { default?: { prototype: Decoder } }).default ??
  (DecodeStreamModule as unknown as { prototype: Decoder })
).prototype;
const decode = decodeProto.decode;
decodeProto.ensureBuffer = function ensureCountedBuffer(this: Decoder, requested: number) {
  const buffer = this.buffer;
  if (requested <= buffer.byteLength) return buffer;
  count(this, requested);
  let size = this.minBufferLength;
  while (size < requested) size *= 2;
  const grown = new Uint8Array(Math.min(size, requested + Math.max(GROWTH_STEP, buffer.byteLength >> 1)));
  grown.set(buffer);
  this.buffer = grown;
  return grown;
};
decodeProto.decode = function countedDecode(this: Decoder) {
  const bytes = decode.call(this);
  count(this, this.bufferLength);
  return bytes;
};

// ---- the walk -----------------------------------------------------------------------------

class Refusal extends Error {
  constructor(readonly fault: PdfFault) {
    super(fault);
  }
}

function nameOf(value: PDFObject | undefined): string | undefined {
  return value instanceof PDFName ? value.decodeText() : undefined;
}

/** The names of a stream's filters, in the order they apply (an array, one name, or none). */
function filterNames(context: PDFContext, dict: PDFDict): (string | undefined)[] {
  const filter = context.lookup(dict.get(PDFName.of('Filter')));
  if (filter === undefined) return [];
  return filter instanceof PDFArray
    ? filter.asArray().map((f) => nameOf(context.lookup(f)))
    : [nameOf(filter as PDFObject)];
}

function checkFilters(context: PDFContext, dict: PDFDict) {
  // a stream whose data lives in another file (ISO 32000 §7.3.8.2)
  for (const key of ['F', 'FFilter', 'FDecodeParms'])
    if (dict.has(PDFName.of(key))) throw new Refusal('active_content');
  const names = filterNames(context, dict);
  const isImage = nameOf(context.lookup(dict.get(PDFName.of('Subtype')))) === 'Image';
  for (const [i, name] of names.entries()) {
    if (name === 'Crypt') throw new Refusal('encrypted');
    if (name && DECODABLE_FILTERS.has(name)) continue;
    // an image codec decodes to the image: nothing can come after it
    if (name && isImage && IMAGE_FILTERS.has(name) && i === names.length - 1) continue;
    throw new Refusal('unreadable');
  }
}

/** Every object the parser found, reachable or not, is checked: what is stored is all of them. */
function checkObjects(context: PDFContext) {
  const objects = context.enumerateIndirectObjects();
  if (objects.length > PDF_LIMITS.maxObjects) throw new Refusal('too_complex');
  let values = 0;
  const visit = (value: PDFObject, depth: number, parentKey: string | undefined): void => {
    if (++values > PDF_LIMITS.maxValues || depth > PDF_LIMITS.maxDepth) throw new Refusal('too_complex');
    if (value instanceof PDFInvalidObject) throw new Refusal('unreadable');
    if (value instanceof PDFArray) {
      for (const item of value.asArray()) visit(item, depth + 1, parentKey);
      return;
    }
    const isStream = value instanceof PDFStream;
    const dict = value instanceof PDFRawStream || isStream ? (value as PDFStream).dict : value;
    if (!(dict instanceof PDFDict)) return;
    checkDict(context, dict, isStream, parentKey);
    for (const [key, item] of dict.entries()) visit(item, depth + 1, key.decodeText());
  };
  for (const [, object] of objects) visit(object, 0, undefined);
}

function checkDict(context: PDFContext, dict: PDFDict, isStream: boolean, parentKey: string | undefined) {
  const get = (key: string) => context.lookup(dict.get(PDFName.of(key)));
  const keys = dict.keys().map((k) => k.decodeText());
  for (const key of keys) {
    if (key === 'Encrypt') throw new Refusal('encrypted');
    if (REFUSED_KEYS.has(key)) throw new Refusal('active_content');
  }
  const type = nameOf(get('Type'));
  if (type !== undefined && !ALLOWED_TYPES.has(type)) throw new Refusal('active_content');
  // an action, wherever it sits (/A, /OpenAction, /Next, an outline item, a link)
  const s = nameOf(get('S'));
  if (s !== undefined && ACTION_TYPES.has(s)) throw new Refusal('active_content');
  if (dict.has(PDFName.of('Next')) && s !== undefined) throw new Refusal('active_content');
  if (isStream) checkFilters(context, dict);
  if (type === 'Catalog') {
    for (const key of keys) if (!ALLOWED_CATALOG_KEYS.has(key)) throw new Refusal('active_content');
    const open = get('OpenAction');
    if (open !== undefined && !(open instanceof PDFArray)) throw new Refusal('active_content');
    const names = get('Names');
    if (names instanceof PDFDict)
      for (const key of names.keys())
        if (!ALLOWED_NAMES_KEYS.has(key.decodeText())) throw new Refusal('active_content');
  }
  const subtype = nameOf(get('Subtype'));
  const isAnnotation = type === 'Annot' || (dict.has(PDFName.of('Rect')) && parentKey === 'Annots');
  if (isAnnotation && (subtype === undefined || !ALLOWED_ANNOTATIONS.has(subtype)))
    throw new Refusal('active_content');
  if (type === 'Page') {
    const annots = get('Annots');
    if (annots instanceof PDFArray)
      for (const ref of annots.asArray()) {
        const annot = context.lookup(ref);
        const kind =
          annot instanceof PDFDict ? nameOf(context.lookup(annot.get(PDFName.of('Subtype')))) : undefined;
        if (kind === undefined || !ALLOWED_ANNOTATIONS.has(kind)) throw new Refusal('active_content');
      }
  }
  // PostScript XObjects and the like: only images and form XObjects are drawn
  if (type === 'XObject' && subtype !== 'Image' && subtype !== 'Form') throw new Refusal('active_content');
}

// ---- every stream's inflated size ---------------------------------------------------------

const numberOf = (context: PDFContext, dict: PDFDict, ...keys: string[]): number | undefined => {
  for (const key of keys) {
    const value = context.lookup(dict.get(PDFName.of(key)));
    if (value instanceof PDFNumber) return value.asNumber();
  }
  return undefined;
};

/** Colour components of an image's colour space (unknown: 4, the most of the device spaces). */
function componentsOf(context: PDFContext, dict: PDFDict, inlineKeys = false): number {
  const mask = context.lookup(dict.get(PDFName.of(inlineKeys ? 'IM' : 'ImageMask')));
  if (mask instanceof PDFBool && mask.asBoolean()) return 1;
  const space = context.lookup(dict.get(PDFName.of(inlineKeys ? 'CS' : 'ColorSpace')));
  const family =
    space instanceof PDFArray ? nameOf(context.lookup(space.get(0))) : nameOf(space as PDFObject);
  switch (family) {
    case 'DeviceGray':
    case 'G':
    case 'CalGray':
    case 'Indexed':
    case 'I':
    case 'Separation':
      return 1;
    case 'DeviceRGB':
    case 'RGB':
    case 'CalRGB':
    case 'Lab':
      return 3;
    case 'ICCBased': {
      const profile = space instanceof PDFArray ? context.lookup(space.get(1)) : undefined;
      const n = profile instanceof PDFRawStream ? numberOf(context, profile.dict, 'N') : undefined;
      return n && n > 0 ? n : 4;
    }
    case 'DeviceN': {
      const names = space instanceof PDFArray ? context.lookup(space.get(1)) : undefined;
      return names instanceof PDFArray ? Math.max(1, names.size()) : 4;
    }
    default:
      return 4;
  }
}

/** What an image decodes to by its own dictionary: width × height × components × bits ÷ 8. */
function checkDeclaredImage(context: PDFContext, dict: PDFDict, inlineKeys = false) {
  const width = numberOf(context, dict, inlineKeys ? 'W' : 'Width', 'Width') ?? 0;
  const height = numberOf(context, dict, inlineKeys ? 'H' : 'Height', 'Height') ?? 0;
  const bits = numberOf(context, dict, inlineKeys ? 'BPC' : 'BitsPerComponent', 'BitsPerComponent') ?? 8;
  const bytes = (width * height * componentsOf(context, dict, inlineKeys) * Math.max(1, bits)) / 8;
  if (!(bytes <= PDF_LIMITS.maxStreamBytes)) throw new Refusal('too_complex');
}

/** A JPEG's frame (its SOFn marker): what a viewer decodes it to, whatever the dictionary says. */
function checkJpegFrame(bytes: Uint8Array) {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) return; // not a marker where one belongs: the viewer's problem, not a bomb
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      const height = (bytes[i + 5]! << 8) | bytes[i + 6]!;
      const width = (bytes[i + 7]! << 8) | bytes[i + 8]!;
      const components = bytes[i + 9]!;
      // a height of 0 is given later (DNL): the width alone, at the most lines a JPEG may have
      if (width * (height || 0xffff) * Math.max(1, components) > PDF_LIMITS.maxStreamBytes)
        throw new Refusal('too_complex');
      return;
    }
    if (marker === 0xd9 || marker === 0xda) return; // end, or scan data before any frame
    i += 2 + length;
  }
}

/** The raw bytes through the server's own decoders (the stages before an image codec), counted. */
function decodeCounted(
  context: PDFContext,
  contents: Uint8Array,
  filters: string[],
  parms: PDFObject | undefined,
) {
  if (filters.length === 0) return contents;
  const dict = context.obj({});
  dict.set(PDFName.of('Filter'), context.obj(filters.map((f) => PDFName.of(f))));
  if (parms instanceof PDFArray)
    dict.set(PDFName.of('DecodeParms'), context.obj(parms.asArray().slice(0, filters.length)));
  else if (parms instanceof PDFDict && filters.length === 1)
    dict.set(PDFName.of('DecodeParms'), context.obj([parms]));
  return decodePDFRawStream(PDFRawStream.of(dict, contents)).decode();
}

/** Inline images' abbreviated filter names (ISO 32000 §8.9.7), as the decoders know them. */
const INLINE_FILTERS: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};

const latin1 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/**
 * The inline images of a content stream (`BI … ID data EI`): their declared size bounded like an
 * image's, and data under a compression filter inflated through the counted decoders (it is a
 * stream inside the stream: a viewer inflates it too).
 */
function checkInlineImages(context: PDFContext, content: Uint8Array) {
  const text = latin1(content);
  const begin = /(?:^|[\s\]>)])BI[\s/]/g;
  for (let found = begin.exec(text); found; found = begin.exec(text)) {
    const dictStart = found.index + found[0].length - 1;
    const id = /\sID[\s]/g;
    id.lastIndex = dictStart;
    const end = id.exec(text);
    if (!end) return;
    const head = text.slice(dictStart, end.index);
    let dict: PDFObject;
    try {
      dict = PDFObjectParser.forBytes(Buffer.from(`<<${head}>>`, 'latin1'), context).parseObject();
    } catch {
      continue; // not an inline image after all (text that reads "BI … ID")
    }
    if (!(dict instanceof PDFDict)) continue;
    checkDeclaredImage(context, dict, true);
    const filter = context.lookup(dict.get(PDFName.of('F')) ?? dict.get(PDFName.of('Filter')));
    const names = (filter instanceof PDFArray ? filter.asArray() : filter ? [filter] : []).map((f) => {
      const name = nameOf(f);
      return name ? (INLINE_FILTERS[name] ?? name) : undefined;
    });
    const decodable: string[] = [];
    for (const [i, name] of names.entries()) {
      if (name && DECODABLE_FILTERS.has(name)) decodable.push(name);
      else if (name && IMAGE_FILTERS.has(name) && i === names.length - 1) break;
      else throw new Refusal('unreadable');
    }
    const dataStart = end.index + end[0].length;
    try {
      decodeCounted(context, content.subarray(dataStart), decodable, undefined);
    } catch (err) {
      if (err instanceof InflateLimitExceeded) throw err;
      // data a decoder cannot read: what it produced until then is counted
    }
    begin.lastIndex = dataStart;
  }
}

/** The keys of a page's content stream (nothing says what it is: it has only its data's keys). */
const CONTENT_KEYS = new Set(['Length', 'Filter', 'DecodeParms', 'DL']);

/** A stream of drawing operators, where inline images live: page contents, forms, tiling patterns, glyphs. */
function isContentStream(dict: PDFDict, subtype: string | undefined): boolean {
  if (subtype === 'Form' || dict.has(PDFName.of('PatternType'))) return true;
  return dict.keys().every((k) => CONTENT_KEYS.has(k.decodeText()));
}

/**
 * Every stream the file keeps (page contents, form XObjects, images, fonts, patterns, metadata…;
 * object and cross-reference streams were inflated while parsing) is inflated through the counted
 * decoders, one after another, its output dropped at once: one stream past `maxStreamBytes`, or
 * all of them past `maxInflatedBytes`, is too complex — counted as the bytes come, so a bomb stops
 * at the cap, whatever filter chain holds it. An image is also bounded by what it declares it
 * decodes to, and a JPEG by its frame; content streams' inline images are checked the same way.
 */
function checkStreams(context: PDFContext) {
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const names = filterNames(context, dict) as string[]; // checked by checkFilters
    const decodable = names.filter((n) => DECODABLE_FILTERS.has(n));
    const subtype = nameOf(context.lookup(dict.get(PDFName.of('Subtype'))));
    const isImage = subtype === 'Image';
    if (isImage) checkDeclaredImage(context, dict);
    let bytes: Uint8Array;
    try {
      bytes = decodeCounted(
        context,
        object.contents,
        decodable,
        context.lookup(dict.get(PDFName.of('DecodeParms'))),
      );
    } catch (err) {
      if (err instanceof InflateLimitExceeded) throw new Refusal('too_complex');
      throw new Refusal('unreadable');
    }
    if (isImage && names.at(-1) === 'DCTDecode') checkJpegFrame(bytes);
    if (isContentStream(dict, subtype)) {
      try {
        checkInlineImages(context, bytes);
      } catch (err) {
        if (err instanceof InflateLimitExceeded) throw new Refusal('too_complex');
        throw err;
      }
    }
  }
}

/**
 * The catalog leads to a page tree of at least one page, every node of it present: a file cut
 * short or stitched together fails here even when each object it kept parses.
 */
function checkPageTree(context: PDFContext) {
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) throw new Refusal('unreadable');
  const seen = new Set<PDFObject>();
  let pages = 0;
  const walk = (node: PDFObject | undefined, depth: number): void => {
    const dict = context.lookup(node);
    if (!(dict instanceof PDFDict) || seen.has(dict) || depth > PDF_LIMITS.maxDepth)
      throw new Refusal('unreadable');
    seen.add(dict);
    const type = nameOf(context.lookup(dict.get(PDFName.of('Type'))));
    if (type === 'Page') {
      pages++;
      return;
    }
    const kids = context.lookup(dict.get(PDFName.of('Kids')));
    if (type !== 'Pages' || !(kids instanceof PDFArray)) throw new Refusal('unreadable');
    for (const kid of kids.asArray()) walk(kid, depth + 1);
  };
  walk(catalog.get(PDFName.of('Pages')), 0);
  if (pages === 0) throw new Refusal('unreadable');
}

// ---- the inspection -----------------------------------------------------------------------

/** The streams' check, on the budget the parse began (what object streams used counts too). */
function countStreams(context: PDFContext) {
  const budget = budgetOf.get(context);
  // the rest of the total, after what the object streams took while parsing
  inflateBudget = budget ? { ...budget, max: PDF_LIMITS.maxInflatedBytes } : null;
  try {
    checkStreams(context);
  } finally {
    inflateBudget = null;
  }
}

const budgetOf = new WeakMap<PDFContext, InflateBudget>();

async function parse(bytes: Uint8Array): Promise<PDFContext> {
  inflateBudget = {
    used: 0,
    max: PDF_LIMITS.maxObjectStreamBytes,
    maxStream: PDF_LIMITS.maxStreamBytes,
    exceeded: false,
  };
  const budget = inflateBudget;
  try {
    // objectsPerTick Infinity: no yielding (this runs in a worker); an invalid object is an error
    // rather than raw bytes carried over
    const context = await PDFParser.forBytesWithOptions(
      bytes,
      Number.POSITIVE_INFINITY,
      true,
      false,
    ).parseDocument();
    budgetOf.set(context, budget);
    return context;
  } catch (err) {
    // pdf-lib rethrows a decoder's error as "invalid object": the budget says what it was
    if (budget.exceeded) throw new Refusal('too_complex');
    if (err instanceof RangeError) throw new Refusal('too_complex'); // nesting past the stack
    throw new Refusal('unreadable');
  } finally {
    inflateBudget = null;
  }
}

export type PdfInspection = { fault: PdfFault } | { fault: null; bytes: Uint8Array };

/**
 * What is wrong with an uploaded PDF, or its clean re-serialisation: decided by its content, never
 * its name. Not a PDF (no `%PDF-` header); unreadable (the parser could not read it, no
 * catalog, a filter the server does not decode); password-protected (`/Encrypt`, a `Crypt`
 * filter); carrying anything a statement does not need (scripts, actions, links to the web or to
 * other files, forms, attached files, rich media, unknown object types); or too complex (past
 * `PDF_LIMITS`: the inflated bytes are counted while inflating).
 */
export async function inspectPdf(input: Uint8Array): Promise<PdfInspection> {
  if (!PDF_HEADER_RE.test(Buffer.from(input.subarray(0, 8)).toString('latin1'))) return { fault: 'not_pdf' };
  // a download cut short: readers expect the end-of-file marker in the last KB
  if (
    !Buffer.from(input.subarray(Math.max(0, input.length - 1024)))
      .toString('latin1')
      .includes('%%EOF')
  )
    return { fault: 'unreadable' };
  try {
    const context = await parse(input);
    if (context.trailerInfo.Encrypt) return { fault: 'encrypted' };
    checkObjects(context);
    checkPageTree(context);
    countStreams(context);
    const bytes = await PDFWriter.forContext(context, Number.POSITIVE_INFINITY).serializeToBuffer();
    return { fault: null, bytes };
  } catch (err) {
    if (err instanceof Refusal) return { fault: err.fault };
    if (err instanceof RangeError) return { fault: 'too_complex' };
    throw err;
  }
}

/** Each fault as the upload's refusal, with the message at the file field; else the clean bytes. */
export async function cleanUploadedPdf(input: Uint8Array): Promise<Uint8Array> {
  const result = await inspectPdf(input);
  if (result.fault === null) return result.bytes;
  switch (result.fault) {
    case 'not_pdf':
      throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_file_type' });
    case 'unreadable':
      throw new AppError('UPLOAD_UNREADABLE', { file: 'address_proof_pdf_unreadable' });
    case 'encrypted':
      throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_pdf_encrypted' });
    case 'too_complex':
      throw new AppError('UPLOAD_PROCESSING_LIMIT');
    default:
      throw new AppError('UPLOAD_TYPE_REFUSED', { file: 'address_proof_pdf_active_content' });
  }
}

/** A tiny Flate stream through pdf-lib's decoder must move the count: else the cap is not on. */
export function checkInflateCapWorks(): void {
  const probe = {
    used: 0,
    max: Number.POSITIVE_INFINITY,
    maxStream: Number.POSITIVE_INFINITY,
    exceeded: false,
  };
  inflateBudget = probe;
  try {
    decodePDFRawStream(PDFContext.create().flateStream('probe')).decode();
  } finally {
    inflateBudget = null;
  }
  if (probe.used === 0) throw new Error('pdf-lib changed: its stream decoder is not counted (pdf.ts)');
}
