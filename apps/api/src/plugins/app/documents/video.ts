// The face video's duration, read from its container (issue #7 step 2). Browsers record WebM
// (Chrome, Firefox) or MP4 (Safari). A live recording does not know its length when it starts
// writing: Chrome's MediaRecorder WebM has no Duration element and its segment and clusters have
// an "unknown" size, and Safari's MP4 is fragmented with a zero duration in its movie header. So
// the duration is worked out from the frames' own timestamps: cluster and block timecodes in WebM,
// the fragments' sample durations in MP4. (npm's EBML readers, `ebml` and `ts-ebml`, have had no
// release for years, and `music-metadata` reports no duration for such WebM files: issue #1463.)
// Both readers walk the bytes with bounds checks and never trust a declared size past the end.

export type VideoContainer = 'webm' | 'mp4';

/** The duration in milliseconds, or null when the file has no frames or cannot be read. */
export function readVideoDurationMs(bytes: Uint8Array, container: VideoContainer): number | null {
  try {
    return container === 'webm' ? webmDurationMs(bytes) : mp4DurationMs(bytes);
  } catch {
    return null;
  }
}

// --- WebM / Matroska (EBML) ---------------------------------------------------------------

const EBML = {
  Segment: 0x18538067,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  BlockGroup: 0xa0,
  Block: 0xa1,
  SimpleBlock: 0xa3,
} as const;
/** Masters whose children are read; every other element is skipped by its size. */
const DESCEND = new Set<number>([EBML.Segment, EBML.Info, EBML.Cluster, EBML.BlockGroup]);

class Truncated extends Error {}

/** An EBML variable-length integer at `pos`: its length and value (the length marker kept for IDs). */
function readVint(
  b: Uint8Array,
  pos: number,
  keepMarker: boolean,
): { len: number; value: number; unknown: boolean } {
  const first = b[pos];
  if (first === undefined) throw new Truncated();
  let len = 1;
  while (len <= 8 && !(first & (0x80 >> (len - 1)))) len++;
  if (len > 8 || pos + len > b.length) throw new Truncated();
  let value = keepMarker ? first : first & (0xff >> len);
  let allOnes = value === 0xff >> len;
  for (let i = 1; i < len; i++) {
    const byte = b[pos + i] as number;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { len, value, unknown: !keepMarker && allOnes };
}

function readUint(b: Uint8Array, pos: number, size: number): number {
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + (b[pos + i] as number);
  return v;
}

function webmDurationMs(b: Uint8Array): number | null {
  let timecodeScale = 1_000_000; // ns per tick (the Matroska default)
  let declared: number | null = null; // the Duration element, in ticks
  let clusterTimecode = 0;
  // per track: first and last timestamp (ticks) and how many frames
  const tracks = new Map<number, { first: number; last: number; count: number }>();
  let pos = 0;
  while (pos < b.length) {
    let id: ReturnType<typeof readVint>;
    let size: ReturnType<typeof readVint>;
    try {
      id = readVint(b, pos, true);
      size = readVint(b, pos + id.len, false);
    } catch (err) {
      if (err instanceof Truncated) break; // a cut-off tail: what was read so far counts
      throw err;
    }
    const body = pos + id.len + size.len;
    if (DESCEND.has(id.value)) {
      pos = body; // read the children (an unknown size is fine: the next element follows)
      continue;
    }
    if (size.unknown) return null; // only masters may have an unknown size
    const end = body + size.value;
    if (end > b.length) break;
    switch (id.value) {
      case EBML.TimecodeScale:
        timecodeScale = readUint(b, body, size.value) || timecodeScale;
        break;
      case EBML.Duration: {
        const view = new DataView(b.buffer, b.byteOffset + body, size.value);
        if (size.value === 4) declared = view.getFloat32(0);
        else if (size.value === 8) declared = view.getFloat64(0);
        break;
      }
      case EBML.Timecode:
        clusterTimecode = readUint(b, body, size.value);
        break;
      case EBML.SimpleBlock:
      case EBML.Block: {
        const track = readVint(b, body, false);
        const at = body + track.len;
        if (at + 2 > end) return null;
        const relative = new DataView(b.buffer, b.byteOffset + at, 2).getInt16(0);
        const t = clusterTimecode + relative;
        const seen = tracks.get(track.value);
        if (!seen) tracks.set(track.value, { first: t, last: t, count: 1 });
        else {
          seen.first = Math.min(seen.first, t);
          seen.last = Math.max(seen.last, t);
          seen.count++;
        }
        break;
      }
    }
    pos = end;
  }
  const ticksToMs = timecodeScale / 1_000_000;
  if (tracks.size > 0) {
    // the span of each track's frames plus one average frame (the last one lasts too)
    let longest = 0;
    for (const { first, last, count } of tracks.values())
      if (count > 1) longest = Math.max(longest, ((last - first) * count) / (count - 1));
    return longest * ticksToMs;
  }
  return declared !== null && Number.isFinite(declared) && declared > 0 ? declared * ticksToMs : null;
}

// --- MP4 (ISO BMFF) -----------------------------------------------------------------------

const MP4_DESCEND = new Set(['moov', 'trak', 'mdia', 'moof', 'traf', 'mvex']);

interface Mp4Track {
  timescale: number;
  duration: number;
  /** Sum of the fragments' sample durations. */
  fragmented: number;
  defaultSampleDuration: number;
}

function mp4DurationMs(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const u32 = (p: number) => view.getUint32(p);
  const u64 = (p: number) => view.getUint32(p) * 2 ** 32 + view.getUint32(p + 4);
  let movieTimescale = 0;
  let movieDuration = 0;
  let fragmentDuration = 0;
  const tracks = new Map<number, Mp4Track>();
  const trackOf = (id: number) => {
    let t = tracks.get(id);
    if (!t) {
      t = { timescale: 0, duration: 0, fragmented: 0, defaultSampleDuration: 0 };
      tracks.set(id, t);
    }
    return t;
  };
  let currentTrak: Mp4Track | null = null; // the trak whose mdhd comes next
  let currentTraf: { track: Mp4Track; defaultDuration: number } | null = null;

  const walk = (from: number, to: number) => {
    let pos = from;
    while (pos + 8 <= to) {
      let size = u32(pos);
      const type = String.fromCharCode(b[pos + 4]!, b[pos + 5]!, b[pos + 6]!, b[pos + 7]!);
      let header = 8;
      if (size === 1) {
        if (pos + 16 > to) return;
        size = u64(pos + 8);
        header = 16;
      } else if (size === 0) size = to - pos;
      if (size < header || pos + size > to) return; // truncated: what was read so far counts
      const body = pos + header;
      const end = pos + size;
      const version = b[body] ?? 0;
      switch (type) {
        case 'mvhd':
          movieTimescale = version === 1 ? u32(body + 20) : u32(body + 12);
          movieDuration = version === 1 ? u64(body + 24) : u32(body + 16);
          break;
        case 'mehd':
          fragmentDuration = version === 1 ? u64(body + 4) : u32(body + 4);
          break;
        case 'trak':
          currentTrak = null;
          walk(body, end);
          break;
        case 'tkhd':
          currentTrak = trackOf(version === 1 ? u32(body + 20) : u32(body + 12));
          break;
        case 'mdhd':
          if (currentTrak) {
            currentTrak.timescale = version === 1 ? u32(body + 20) : u32(body + 12);
            currentTrak.duration = version === 1 ? u64(body + 24) : u32(body + 16);
          }
          break;
        case 'trex':
          trackOf(u32(body + 4)).defaultSampleDuration = u32(body + 12);
          break;
        case 'tfhd': {
          const flags = u32(body) & 0xffffff;
          const track = trackOf(u32(body + 4));
          let p = body + 8;
          if (flags & 0x01) p += 8; // base data offset
          if (flags & 0x02) p += 4; // sample description index
          currentTraf = { track, defaultDuration: flags & 0x08 ? u32(p) : track.defaultSampleDuration };
          break;
        }
        case 'trun': {
          if (!currentTraf) break;
          const flags = u32(body) & 0xffffff;
          const count = u32(body + 4);
          let p = body + 8;
          if (flags & 0x001) p += 4; // data offset
          if (flags & 0x004) p += 4; // first sample flags
          const perSample =
            (flags & 0x100 ? 4 : 0) +
            (flags & 0x200 ? 4 : 0) +
            (flags & 0x400 ? 4 : 0) +
            (flags & 0x800 ? 4 : 0);
          if (!(flags & 0x100)) {
            currentTraf.track.fragmented += count * currentTraf.defaultDuration;
            break;
          }
          if (p + count * perSample > end) return;
          for (let i = 0; i < count; i++) currentTraf.track.fragmented += u32(p + i * perSample);
          break;
        }
        default:
          if (MP4_DESCEND.has(type)) {
            if (type === 'traf') currentTraf = null;
            walk(body, end);
          }
      }
      pos = end;
    }
  };
  walk(0, b.length);

  if (movieTimescale > 0 && movieDuration > 0) return (movieDuration / movieTimescale) * 1000;
  if (movieTimescale > 0 && fragmentDuration > 0) return (fragmentDuration / movieTimescale) * 1000;
  let longest = 0;
  for (const t of tracks.values())
    if (t.timescale > 0) longest = Math.max(longest, ((t.duration + t.fragmented) / t.timescale) * 1000);
  return longest > 0 ? longest : null;
}
