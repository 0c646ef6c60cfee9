import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Body,
  fail,
  fakeStepServer,
  makeStatus,
  makeStepInfo,
  ok,
  renderStep,
  setupStepI18n,
} from '../../../step-kit/test-utils';
import SignaturePage from './signature-page';

// jsdom has no canvas: signature_pad is replaced by a pad whose drawing the test sets
const pad = vi.hoisted(() => ({
  data: [] as { points: { x: number; y: number; time: number; pressure: number }[] }[],
  listeners: new Map<string, () => void>(),
}));
vi.mock('signature_pad', () => ({
  default: class FakePad {
    addEventListener(type: string, fn: () => void) {
      pad.listeners.set(type, fn);
    }
    removeEventListener(type: string) {
      pad.listeners.delete(type);
    }
    off() {}
    clear() {
      pad.data = [];
    }
    isEmpty() {
      return pad.data.length === 0;
    }
    toData() {
      return pad.data.map((g) => ({ ...g, points: [...g.points] }));
    }
    fromData(d: typeof pad.data) {
      pad.data = d;
    }
    toDataURL() {
      return 'data:image/png;base64,iVBORw0KGgo=';
    }
  },
}));

function stroke(x0: number, y0: number, x1: number, y1: number, n = 20) {
  return {
    points: Array.from({ length: n }, (_, i) => ({
      x: x0 + ((x1 - x0) * i) / (n - 1),
      y: y0 + ((y1 - y0) * i) / (n - 1),
      time: i * 16,
      pressure: 0.5,
    })),
  };
}
function draw(...strokes: ReturnType<typeof stroke>[]) {
  pad.data = strokes;
  pad.listeners.get('endStroke')?.();
}

const size = { offsetWidth: 400, offsetHeight: 200 };
beforeAll(() => {
  for (const [k, v] of Object.entries(size))
    Object.defineProperty(HTMLCanvasElement.prototype, k, { configurable: true, get: () => v });
});
afterAll(() => {
  for (const k of Object.keys(size))
    delete (HTMLCanvasElement.prototype as unknown as Record<string, unknown>)[k];
});
beforeEach(() => {
  pad.data = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/userinfo/signature';
const hex = (c: string) => c.repeat(64);
const doc = (id: string, title: string, c: string, opened = false) => ({
  id,
  version: '2026-11-01.1',
  language: 'en',
  title,
  sections: [{ heading: '1. Parties', paragraphs: [`${title} text.`] }],
  sha256: hex(c),
  opened,
});
const AGREEMENTS = {
  language: 'en',
  documents: [
    doc('client_agreement', 'Client Agreement', 'a'),
    doc('pics', 'Personal Information Collection Statement', 'b'),
  ],
  answers_hash: hex('f'),
  missing_steps: [],
  signed: null,
};
const SIGNED = {
  step: 'signature',
  version: 2,
  confirmed: true,
  info_progress: 100,
  next_step: 'review',
  reopened: [],
  signed_at: '2026-11-26T09:00:00.000Z',
  answers_hash: hex('f'),
  signature_method: 'drawn',
  signature_document_id: '99999999-9999-4999-8999-999999999999',
};

function server(over: Record<string, unknown> = {}) {
  return fakeStepServer({
    '/v9/OpenAccountHk/status': ok(makeStatus('signature')),
    '/v9/OpenAccountHk/step_info/signature': ok(makeStepInfo('signature')),
    '/v9/OpenAccountHk/agreements': ok(AGREEMENTS),
    '/v9/OpenAccountHk/agreement_opened': (b: Body) => ok({ id: b.id, sha256: b.sha256, opened: true }),
    '/v9/OpenAccountHk/sign': ok(SIGNED),
    ...over,
  });
}
const sent = (s: ReturnType<typeof server>, path: string) =>
  s.calls.filter((c) => c.path === `/v9/OpenAccountHk/${path}`).map((c) => c.body);

async function openAndAccept(title: string) {
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^${title}`) }));
  const dialog = await screen.findByRole('dialog', { name: title });
  expect(within(dialog).getByText(`${title} text.`)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'I have read it' }));
  const box = screen.getByLabelText(`I have read and accept the ${title}`) as HTMLInputElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  fireEvent.click(box);
  expect(box.checked).toBe(true);
}

describe('signature page', { timeout: 20_000 }, () => {
  it('enables a document’s checkbox only after it was opened in the reader (and the server told)', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <SignaturePage />);
    const box = (await screen.findByLabelText(
      'I have read and accept the Client Agreement',
    )) as HTMLInputElement;
    expect(box.disabled).toBe(true);
    await openAndAccept('Client Agreement');
    expect(sent(s, 'agreement_opened')).toEqual([
      expect.objectContaining({ language: 'en', id: 'client_agreement', sha256: hex('a') }),
    ]);
    expect(
      (
        screen.getByLabelText(
          'I have read and accept the Personal Information Collection Statement',
        ) as HTMLInputElement
      ).disabled,
    ).toBe(true);
  });

  // Issue #16: the reader is a modal dialog for the keyboard too.
  it('the reader takes the focus on its text, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    await setupStepI18n('en');
    server();
    renderStep(PATH, <SignaturePage />);
    await screen.findByLabelText('I have read and accept the Client Agreement');
    const opener = screen.getByRole('button', { name: /^Client Agreement/ });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Client Agreement' });
    const text = dialog.querySelector('article')!;
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(text.tabIndex).toBe(0);
    // Tab past the last control comes back to the first; Shift+Tab from the first goes to the last
    const done = within(dialog).getByRole('button', { name: 'I have read it' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    done.focus();
    fireEvent.keyDown(done, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(done);
    fireEvent.keyDown(done, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Client Agreement' })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Client Agreement/ }));
  });

  it('refuses to send without every document accepted, a blank or too small signature', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <SignaturePage />);
    await screen.findByText('Client Agreement');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please read and accept every document.')).toBeTruthy();
    await openAndAccept('Client Agreement');
    await openAndAccept('Personal Information Collection Statement');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please sign in the box.')).toBeTruthy();
    draw(stroke(150, 80, 200, 130));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Your signature is too small. Please sign larger, across the box.'),
    ).toBeTruthy();
    expect(sent(s, 'sign')).toEqual([]);
  });

  it('signs with the documents’ hashes, the answers hash, strokes and pad size, then goes to the review', async () => {
    await setupStepI18n('en');
    const s = server();
    renderStep(PATH, <SignaturePage />);
    await screen.findByText('Client Agreement');
    await openAndAccept('Client Agreement');
    await openAndAccept('Personal Information Collection Statement');
    draw(stroke(40, 60, 320, 150));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/review'));
    const [body] = sent(s, 'sign');
    expect(body).toMatchObject({
      language: 'en',
      image: 'data:image/png;base64,iVBORw0KGgo=',
      pad: { width: 400, height: 200 },
      answers_hash: hex('f'),
      agreements: [
        { id: 'client_agreement', version: '2026-11-01.1', sha256: hex('a') },
        { id: 'pics', version: '2026-11-01.1', sha256: hex('b') },
      ],
    });
    expect((body!.strokes as { points: unknown[] }[])[0]!.points).toHaveLength(20);
  });

  // Issue #16: a signature for a person who cannot draw, by keyboard and screen reader alone.
  it('signs by typing the name: labelled native controls in tab order, errors tied to their fields, Enter sends', async () => {
    await setupStepI18n('en');
    const s = server({
      '/v9/OpenAccountHk/sign': (b: Body) =>
        b.typed_name === 'CHAN TAI MAN'
          ? ok({ ...SIGNED, signature_method: 'typed', signature_document_id: null })
          : fail(2016, 'refused', {
              typed_name: 'Type your full name exactly as it is on your ID document.',
            }),
    });
    renderStep(PATH, <SignaturePage />);
    await screen.findByText('Client Agreement');
    await openAndAccept('Client Agreement');
    await openAndAccept('Personal Information Collection Statement');
    // the choice is a named group of native radios (arrow keys move within it)
    const group = screen.getByRole('group', { name: 'How would you like to sign?' });
    const typedChoice = within(group).getByRole('radio', {
      name: 'Type my name instead',
    }) as HTMLInputElement;
    expect(within(group).getByRole('radio', { name: 'Draw my signature' })).toHaveProperty('checked', true);
    typedChoice.focus();
    fireEvent.click(typedChoice); // what Space or an arrow key does on a focused radio
    expect(screen.queryByRole('img', { name: 'Signature pad' })).toBeNull();
    const name = screen.getByRole('textbox', { name: 'Full name as on your ID' }) as HTMLInputElement;
    const statement = screen.getByRole('checkbox', {
      name: 'I adopt this typed name as my signature',
    }) as HTMLInputElement;
    // reachable by Tab: no negative tabindex, nothing disabled, the name's help read with it
    for (const el of [typedChoice, name, statement]) {
      expect(el.tabIndex).toBe(0);
      expect(el.disabled).toBe(false);
    }
    expect(name.getAttribute('aria-describedby')).toContain('typed-signature-intro');
    // Enter with nothing typed: each field says what it needs, the focus goes to the first
    fireEvent.submit(name.form!);
    expect(
      await screen.findByText('Please confirm that you adopt the typed name as your signature.'),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(statement.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(sent(s, 'sign')).toEqual([]);
    // typed and shown as the signature; the statement ticked (Space on a focused checkbox clicks it)
    fireEvent.change(name, { target: { value: 'CHAN SIU MING' } });
    expect(screen.getByRole('figure', { name: 'Your typed signature' }).textContent).toContain(
      'CHAN SIU MING',
    );
    statement.focus();
    fireEvent.click(statement);
    expect(statement.checked).toBe(true);
    // the server refuses another name at its field: said there, the focus back on the name
    fireEvent.submit(name.form!);
    const refusal = await screen.findByText('Type your full name exactly as it is on your ID document.');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(name.getAttribute('aria-describedby')).toContain(refusal.id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'CHAN TAI MAN' } });
    fireEvent.submit(name.form!);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/userinfo/review'));
    const body = sent(s, 'sign').at(-1)!;
    expect(body).not.toHaveProperty('image');
    expect(body).not.toHaveProperty('strokes');
    expect(body).toMatchObject({
      language: 'en',
      method: 'typed',
      typed_name: 'CHAN TAI MAN',
      typed_statement: true,
      answers_hash: hex('f'),
      agreements: [
        { id: 'client_agreement', version: '2026-11-01.1', sha256: hex('a') },
        { id: 'pics', version: '2026-11-01.1', sha256: hex('b') },
      ],
    });
  });

  it('undo removes the last stroke, clear removes all', async () => {
    await setupStepI18n('en');
    server();
    renderStep(PATH, <SignaturePage />);
    await screen.findByText('Client Agreement');
    const undo = screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    draw(stroke(40, 60, 320, 150), stroke(50, 70, 300, 160));
    await waitFor(() => expect(undo.disabled).toBe(false));
    fireEvent.click(undo);
    expect(pad.data).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pad.data).toHaveLength(0);
    await waitFor(() => expect(undo.disabled).toBe(true));
  });

  it('a change meanwhile (2017) says so, reloads the documents and asks to accept them again', async () => {
    await setupStepI18n('en');
    const s = server({ '/v9/OpenAccountHk/sign': fail(2017, 'stale') });
    renderStep(PATH, <SignaturePage />);
    await screen.findByText('Client Agreement');
    await openAndAccept('Client Agreement');
    await openAndAccept('Personal Information Collection Statement');
    draw(stroke(40, 60, 320, 150));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Your answers changed after the documents were prepared. Please read them again and sign.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(sent(s, 'agreements')).toHaveLength(2));
    expect(
      (screen.getByLabelText('I have read and accept the Client Agreement') as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('speaks Traditional Chinese and asks for the documents in it', async () => {
    await setupStepI18n('zh-HK');
    const s = server();
    renderStep(PATH, <SignaturePage />);
    expect(await screen.findByText('需簽署的文件')).toBeTruthy();
    expect(screen.getByRole('button', { name: '撤銷' })).toBeTruthy();
    expect(sent(s, 'agreements')[0]).toMatchObject({ language: 'zh-HK' });
  });
});
