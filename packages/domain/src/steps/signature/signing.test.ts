import { describe, expect, it } from 'vitest';
import {
  answersHashForSigning,
  checkSignatureCanvas,
  checkSignatureStrokes,
  checkTypedNameMatches,
  judgeSignatureInk,
  type SigningStep,
  strokesBox,
} from './signing';

const base: SigningStep[] = [
  {
    step: 'identity',
    answers: { name_en: 'CHAN TAI MAN', birth: '1990-01-01' },
    sealed: { id_number: { hash: 'h1' } },
  },
  { step: 'address', answers: { line1: '1 Queen’s Road' } },
  { step: 'signature', answers: { answers_hash: 'x' } },
];

describe('answersHashForSigning', () => {
  it('is a 64-hex SHA-256 that does not depend on step or key order', () => {
    const a = answersHashForSigning(base);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    const reordered: SigningStep[] = [
      base[1] as SigningStep,
      {
        step: 'identity',
        answers: { birth: '1990-01-01', name_en: 'CHAN TAI MAN' },
        sealed: { id_number: { hash: 'h1' } },
      },
    ];
    expect(answersHashForSigning(reordered)).toBe(a);
  });

  it('ignores the signature and review steps and empty rows', () => {
    const a = answersHashForSigning(base);
    expect(
      answersHashForSigning([
        ...base.filter((s) => s.step !== 'signature'),
        { step: 'signature', answers: { answers_hash: 'other' } },
        { step: 'review', answers: { anything: 1 } },
        { step: 'bank', answers: {}, sealed: {} },
      ]),
    ).toBe(a);
  });

  it('changes when an answer changes', () => {
    const changed = base.map((s) =>
      s.step === 'address' ? { ...s, answers: { line1: '2 Queen’s Road' } } : s,
    );
    expect(answersHashForSigning(changed)).not.toBe(answersHashForSigning(base));
  });

  it('changes when a sealed value changes (by its hash, or its ciphertext without one), never reads the value', () => {
    const changed = base.map((s) =>
      s.step === 'identity' ? { ...s, sealed: { id_number: { hash: 'h2' } } } : s,
    );
    expect(answersHashForSigning(changed)).not.toBe(answersHashForSigning(base));
    const c1 = [{ step: 'tax' as const, answers: {}, sealed: { tin: { hash: null, sealed: 'v1:aaa' } } }];
    const c2 = [{ step: 'tax' as const, answers: {}, sealed: { tin: { hash: null, sealed: 'v1:bbb' } } }];
    expect(answersHashForSigning(c1)).not.toBe(answersHashForSigning(c2));
  });
});

describe('checkSignatureStrokes', () => {
  const pad = { width: 400, height: 200 };
  const line = (x0: number, y0: number, x1: number, y1: number, n = 20) => ({
    points: Array.from({ length: n }, (_, i) => ({
      x: x0 + ((x1 - x0) * i) / (n - 1),
      y: y0 + ((y1 - y0) * i) / (n - 1),
      time: i * 10,
    })),
  });

  it('accepts a signature across a good part of the pad', () => {
    expect(checkSignatureStrokes([line(40, 60, 300, 150)], pad)).toBeNull();
  });

  it('calls no points, or a dot, blank', () => {
    expect(checkSignatureStrokes([], pad)).toBe('signature_blank');
    expect(checkSignatureStrokes([line(100, 100, 101, 101, 3)], pad)).toBe('signature_blank');
  });

  it('calls a scribble under a quarter of the width, or a flat line, too small', () => {
    expect(checkSignatureStrokes([line(100, 60, 190, 150)], pad)).toBe('signature_too_small');
    expect(checkSignatureStrokes([line(20, 100, 380, 105)], pad)).toBe('signature_too_small');
    expect(checkSignatureStrokes([line(100, 60, 200, 150)], pad)).toBeNull();
  });

  it('refuses an impossible pad or points far outside it', () => {
    expect(checkSignatureStrokes([line(40, 60, 300, 150)], { width: 50, height: 200 })).toBe(
      'signature_invalid',
    );
    expect(checkSignatureStrokes([line(40, 60, 3000, 150)], pad)).toBe('signature_invalid');
    expect(checkSignatureStrokes([{ points: [{ x: Number.NaN, y: 1, time: 0 }] }], pad)).toBe(
      'signature_invalid',
    );
  });
});

describe('checkSignatureCanvas', () => {
  const pad = { width: 400, height: 200 };

  it('takes the pad at a device pixel ratio of 1 to 4, rounded', () => {
    expect(checkSignatureCanvas({ width: 400, height: 200 }, pad)).toBeNull();
    expect(checkSignatureCanvas({ width: 1200, height: 600 }, pad)).toBeNull();
    expect(checkSignatureCanvas({ width: 1600, height: 800 }, pad)).toBeNull();
    expect(checkSignatureCanvas({ width: 375, height: 221 }, { width: 250, height: 147 })).toBeNull();
  });

  it('refuses a canvas far larger or smaller than the pad, or of another shape', () => {
    expect(checkSignatureCanvas({ width: 4800, height: 4800 }, { width: 400, height: 400 })).toBe(
      'signature_invalid',
    );
    expect(checkSignatureCanvas({ width: 1604, height: 802 }, pad)).toBe('signature_invalid');
    expect(checkSignatureCanvas({ width: 300, height: 150 }, pad)).toBe('signature_invalid');
    expect(checkSignatureCanvas({ width: 800, height: 800 }, pad)).toBe('signature_invalid');
    expect(checkSignatureCanvas({ width: 800, height: 440 }, pad)).toBe('signature_invalid');
    // a 2400×1600 pad at 2× is within 4800 px a side but over the pixel budget
    expect(checkSignatureCanvas({ width: 4800, height: 3200 }, { width: 2400, height: 1600 })).toBe(
      'signature_invalid',
    );
  });
});

describe('judgeSignatureInk', () => {
  const pad = { width: 400, height: 200 };
  /** An 800×400 canvas (ratio 2), transparent or of one background colour, with ink drawn by `draw`. */
  function canvas(
    draw: (set: (x: number, y: number) => void) => void,
    background = [0, 0, 0, 0],
    ink = [26, 26, 26, 255],
  ) {
    const width = 800;
    const height = 400;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i += 4) data.set(background, i);
    draw((x, y) => data.set(ink, (y * width + x) * 4));
    return { data, width, height };
  }
  /** A 5-pixel-thick line from (x0, y0) to (x1, y1) in canvas pixels. */
  const line = (x0: number, y0: number, x1: number, y1: number) => (set: (x: number, y: number) => void) => {
    const n = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
    for (let i = 0; i <= n; i++) {
      const x = Math.round(x0 + ((x1 - x0) * i) / n);
      const y = Math.round(y0 + ((y1 - y0) * i) / n);
      for (let d = -2; d <= 2; d++) set(x, Math.min(Math.max(y + d, 0), 399));
    }
  };
  const strokes = (x0: number, y0: number, x1: number, y1: number) =>
    strokesBox(
      [
        {
          points: [
            { x: x0, y: y0, time: 0 },
            { x: x1, y: y1, time: 10 },
          ],
        },
      ],
      pad,
    );

  it('accepts ink that matches the strokes, on a transparent or a white background', () => {
    const v = judgeSignatureInk(canvas(line(80, 120, 640, 300)), pad, strokes(40, 60, 320, 150));
    expect(v.problem).toBeNull();
    expect(v.inkPixels).toBeGreaterThan(2000);
    expect(v.box!.left).toBeCloseTo(40, 0);
    expect(v.box!.right).toBeCloseTo(320.5, 0);
    const white = canvas(line(80, 120, 640, 300), [255, 255, 255, 255]);
    expect(judgeSignatureInk(white, pad, strokes(40, 60, 320, 150)).problem).toBeNull();
  });

  it('calls a canvas without visible ink blank: transparent, white, faint or nearly transparent marks', () => {
    const s = strokes(40, 60, 320, 150);
    expect(
      judgeSignatureInk(
        canvas(() => {}),
        pad,
        s,
      ),
    ).toMatchObject({ problem: 'signature_blank', inkPixels: 0 });
    expect(
      judgeSignatureInk(
        canvas(() => {}, [255, 255, 255, 255]),
        pad,
        s,
      ).problem,
    ).toBe('signature_blank');
    // light grey, and black at alpha 40: both fade into the page
    const faint = canvas(line(80, 120, 640, 300), [0, 0, 0, 0], [200, 200, 200, 255]);
    expect(judgeSignatureInk(faint, pad, s).problem).toBe('signature_blank');
    const ghost = canvas(line(80, 120, 640, 300), [0, 0, 0, 0], [0, 0, 0, 40]);
    expect(judgeSignatureInk(ghost, pad, s).problem).toBe('signature_blank');
  });

  it('calls one dark pixel, or a few scattered to span the box, blank', () => {
    const s = strokes(40, 60, 320, 150);
    expect(
      judgeSignatureInk(
        canvas((set) => set(400, 200)),
        pad,
        s,
      ),
    ).toMatchObject({
      problem: 'signature_blank',
      inkPixels: 1,
    });
    const corners = canvas((set) => {
      set(80, 120);
      set(640, 300);
    });
    expect(judgeSignatureInk(corners, pad, s).problem).toBe('signature_blank');
  });

  it('calls ink in a small box too small, by the strokes’ own rule', () => {
    // 90 pad px wide (under a quarter of 400), or flat
    expect(judgeSignatureInk(canvas(line(200, 120, 380, 300)), pad, strokes(100, 60, 190, 150)).problem).toBe(
      'signature_too_small',
    );
    expect(judgeSignatureInk(canvas(line(40, 200, 760, 204)), pad, strokes(20, 100, 380, 102)).problem).toBe(
      'signature_too_small',
    );
  });

  it('refuses ink away from the strokes, or a filled canvas', () => {
    // good strokes top left, the picture's ink bottom right
    expect(judgeSignatureInk(canvas(line(420, 250, 780, 390)), pad, strokes(10, 10, 190, 80)).problem).toBe(
      'signature_invalid',
    );
    // ink wider than the strokes
    expect(judgeSignatureInk(canvas(line(20, 120, 780, 300)), pad, strokes(40, 60, 320, 150)).problem).toBe(
      'signature_invalid',
    );
    expect(judgeSignatureInk(canvas(line(80, 120, 640, 300)), pad, null).problem).toBe('signature_invalid');
    const filled = canvas(() => {}, [0, 0, 0, 255]);
    expect(judgeSignatureInk(filled, pad, strokes(0, 0, 400, 200)).problem).toBe('signature_invalid');
  });
});

describe('checkTypedNameMatches (a typed signature, issue #16)', () => {
  const hk = { english_surname: 'CHAN', english_given_name: 'TAI MAN', chinese_name: '陳大文' };
  it.each([
    'CHAN TAI MAN',
    'tai man chan',
    ' Chan,  Tai-Man ',
    '陳大文',
    '陳 大 文',
    'ＣＨＡＮ　ＴＡＩ　ＭＡＮ',
  ])('the ID name: %s', (typed) => expect(checkTypedNameMatches(typed, hk)).toBe(true));
  it.each(['CHAN', 'TAI MAN', 'CHAN SIU MING', '陳小文', '', 'CHANTAIMAN'])('not the ID name: %s', (typed) =>
    expect(checkTypedNameMatches(typed, hk)).toBe(false),
  );
  it('an ID without a Chinese name: an empty name never matches it', () => {
    expect(checkTypedNameMatches('', { english_surname: 'WANG', english_given_name: 'FANG' })).toBe(false);
    expect(checkTypedNameMatches('Fang Wang', { english_surname: 'WANG', english_given_name: 'FANG' })).toBe(
      true,
    );
  });
});
