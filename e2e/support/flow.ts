import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { STEP_SAMPLES } from '../../packages/domain/src/steps/tables';
import { STEP_IDS, type StepId } from '../../packages/domain/src/steps/types';
import {
  apiCall,
  completeAddressStep,
  completeIdentityStep,
  confirmStep,
  type IdentityForApi,
  uploadDocument,
} from './api';
import { latestMailCode } from './dev';
import { idImages, randomHkid, sampleIds } from './fixtures';

// Brings an application to the signature step, or submits it, THROUGH THE REAL API (never by
// writing the database), the shortest way the server accepts: an HKID holder, a Hong Kong address,
// a cash account on the Hong Kong market only (the recording then has its two common sections),
// retired, no derivatives knowledge, a few years of stocks (no risk call to book), the recording
// in English (the shortest of the three languages), two identity photos, an HSBC account.

/** The HKID holder the helpers use unless told otherwise: the sample card's names, a fresh number. */
export function sampleHkIdentity(idNumber = randomHkid()): IdentityForApi {
  return {
    location: 'HK',
    front: idImages.hkFront,
    back: idImages.hkBack,
    chineseName: sampleIds.hk.nameZh,
    surname: sampleIds.hk.surname,
    givenName: sampleIds.hk.givenName.toUpperCase(),
    idNumber,
    gender: 'M',
    birthDate: sampleIds.hk.birthDate,
  };
}

/**
 * The shortest answers the server accepts for a step's form, from the step's own sample
 * (packages/domain/src/steps/<step>/catalogue.ts): for the profile steps, retired, an income under
 * HKD 100k from a pension, a Hong Kong tax resident (the TIN from the HKID, not a US person), no
 * declarations to make.
 */
export function sampleAnswers(step: StepId): Record<string, unknown> {
  const answers = STEP_SAMPLES[step].form;
  if (!answers) throw new Error(`the ${step} step has no form: it is confirmed through calls of its own`);
  return { ...answers };
}

/** The personal step, its email verified first with the code from the dev outbox. */
export async function confirmPersonal(page: Page, email: string) {
  await apiCall(page, '/v9/OpenAccountHk/mailCheck', { action: 'send', email });
  const code = await latestMailCode(page.request, email);
  await apiCall(page, '/v9/OpenAccountHk/mailCheck', { action: 'verify', email, code });
  await confirmStep(page, 'personal', { ...sampleAnswers('personal'), email });
}

interface Playlist {
  text_version: string;
  language: 'zh-CN' | 'zh-HK' | 'en';
  total_ms: number;
  sections: { section: string }[];
}

/** `start` of the risk-disclosure recording: what `listened` will need, and when it may be sent. */
async function startRecording(page: Page) {
  const { data } = await apiCall<{ started_at: string; minimum_ms: number; playlist: Playlist }>(
    page,
    '/v9/OpenAccountHk/risk_disclosure',
    { action: 'start', language: 'en' },
  );
  return data;
}

/**
 * `listened`, once the server's rule allows it: at least the recording's length at 1.5× since the
 * start, on the server's clock (so this really waits, counting from the start the server recorded).
 */
async function finishRecording(page: Page, started: Awaited<ReturnType<typeof startRecording>>) {
  const { playlist } = started;
  // the server's clock by its Date header (1 s resolution), against the start it answered
  const serverNow = async () => {
    const res = await page.request.get('/healthz');
    return new Date(res.headers().date ?? Date.now()).getTime();
  };
  const due = new Date(started.started_at).getTime() + started.minimum_ms + 1_500;
  const wait = due - (await serverNow());
  if (wait > 0) await page.waitForTimeout(wait);
  return apiCall<{ next_step: string | null; ended_at: string }>(page, '/v9/OpenAccountHk/risk_disclosure', {
    action: 'listened',
    text_version: playlist.text_version,
    language: playlist.language,
    sections: playlist.sections.map((s) => s.section),
    ranges: [{ start_ms: 0, end_ms: playlist.total_ms }],
    max_speed: 1.5,
  });
}

export interface ToSignatureOptions {
  /** The ID step's answers; `null` when the journey confirmed the ID step itself. */
  identity?: IdentityForApi | null;
  /** The tax step's answers (the sample's Hong Kong residency with the HKID's TIN unless told). */
  tax?: Record<string, unknown>;
  /** The bank step's answers (the sample HSBC account in the ID's English name unless told). */
  bank?: Record<string, unknown>;
}

export interface StepsBeforeOptions {
  /** The ID step's answers; `null` when the journey confirmed the ID step itself. */
  identity?: IdentityForApi | null;
  /** The personal step's email (verified with the dev outbox's code); a fresh one unless told. */
  email?: string;
  /** Answers of some steps instead of their samples (the ID, address and personal steps: see above). */
  answers?: Partial<Record<StepId, Record<string, unknown>>>;
}

/**
 * Every applicable step before `until` confirmed through the real calls, in the registry's order,
 * on a page whose session is logged in with an application created (the app's /accountType did
 * it): each step with its sample (packages/domain/src/steps/<step>/catalogue.ts) unless told, the
 * steps with calls of their own through them. When the recording is among them it is started right
 * after the account type (the clock runs meanwhile) and its minimum time waited out at its turn
 * (about 45 s for the English recording of a cash HK-only account).
 */
export async function confirmStepsBefore(page: Page, until: StepId, opts: StepsBeforeOptions = {}) {
  const identity = opts.identity === undefined ? sampleHkIdentity() : opts.identity;
  const email = opts.email ?? `keyboard${Date.now()}${randomInt(1000)}@example.com`;
  const answers = (step: StepId) => opts.answers?.[step] ?? sampleAnswers(step);
  const steps = STEP_IDS.slice(0, STEP_IDS.indexOf(until));
  let recording: Awaited<ReturnType<typeof startRecording>> | undefined;
  // the steps whose confirmation is more than their answers sent on the generic step call
  const own: Partial<Record<StepId, () => Promise<unknown>>> = {
    identity: async () => identity && (await completeIdentityStep(page, identity)),
    address: () => completeAddressStep(page, idImages.hkBack, opts.answers?.address),
    account_type: async () => {
      await confirmStep(page, 'account_type', answers('account_type'));
      // the recording's sections are fixed by the account type: start it now, the clock runs meanwhile
      if (steps.includes('risk_disclosure')) recording = await startRecording(page);
    },
    personal: () => confirmPersonal(page, email),
    risk_disclosure: async () => {
      const heard = await finishRecording(page, recording!);
      if (heard.data.next_step !== 'identity_media')
        throw new Error(`after the recording the server names ${heard.data.next_step}, not identity_media`);
    },
    identity_media: async () => {
      // within 5 minutes of the recording's end
      await uploadDocument(page, 'selfie', idImages.hkFront);
      await uploadDocument(page, 'selfie_with_id', idImages.hkBack);
      await confirmStep(page, 'identity_media', answers('identity_media'));
    },
  };
  let last: Awaited<ReturnType<typeof confirmStep>> | null = null;
  for (const step of steps) {
    const confirm = own[step];
    last = null;
    if (confirm) await confirm();
    else if (STEP_SAMPLES[step].form) last = await confirmStep(page, step, answers(step));
  }
  if (last && last.data.next_step !== until)
    throw new Error(`after the ${steps.at(-1)} step the server names ${last.data.next_step}, not ${until}`);
  return { identity, email };
}

/**
 * Every step before the signature confirmed through the real calls (`confirmStepsBefore`): a cash
 * account on the Hong Kong market only, retired, a few years of stocks (no risk call to book), no
 * derivatives knowledge, the recording in English, two identity photos, an HSBC account in the ID's
 * English name. Answers what the signature will need.
 */
export async function bringToSignature(page: Page, opts: ToSignatureOptions = {}) {
  const identity = opts.identity === undefined ? sampleHkIdentity() : opts.identity;
  const bank = opts.bank ?? {
    ...sampleAnswers('bank'),
    holder_name: identity ? `${identity.surname} ${identity.givenName}` : 'CHAN TAI MAN',
  };
  return confirmStepsBefore(page, 'signature', {
    identity,
    answers: { bank, ...(opts.tax ? { tax: opts.tax } : {}) },
  });
}

interface AgreementsAnswer {
  documents: { id: string; version: string; sha256: string }[];
  answers_hash: string;
}

/**
 * The signature through the real calls (typed: the ID's English name, adopted): every document
 * opened at its current text, then signed against the answers as they are now, in `language` (the
 * language the applicant signed in is the one the broker writes to them in).
 */
export async function signThroughApi(page: Page, typedName: string, language = 'en') {
  const { data } = await apiCall<AgreementsAnswer>(page, '/v9/OpenAccountHk/agreements', { language });
  for (const d of data.documents)
    await apiCall(page, '/v9/OpenAccountHk/agreement_opened', { language, id: d.id, sha256: d.sha256 });
  await apiCall(page, '/v9/OpenAccountHk/sign', {
    language,
    method: 'typed',
    typed_name: typedName,
    typed_statement: true,
    agreements: data.documents.map((d) => ({ id: d.id, version: d.version, sha256: d.sha256 })),
    answers_hash: data.answers_hash,
  });
}

/** The signature (signThroughApi) and the submission through the real calls, after `bringToSignature`. */
export async function signAndSubmitThroughApi(page: Page, typedName: string, language = 'en') {
  await signThroughApi(page, typedName, language);
  const submitted = await apiCall<{ status: number; submission_number: number }>(
    page,
    '/v9/OpenAccountHk/submit',
    { idempotency_key: randomUUID() },
  );
  return submitted.data;
}

/** The status call's answer (spec §3): the application's status and the step the server names next. */
export async function applicationStatus(page: Page) {
  type Status = { status: number; next_step: string | null; info_progress: number };
  try {
    return (await apiCall<Status>(page, '/v9/OpenAccountHk/status')).data;
  } catch (error) {
    // A kept-alive connection closed by the server as it was reused (seen once in CI: ECONNRESET,
    // the request never reached the server's log). A browser sends such a request again on a new
    // connection; Playwright's request context does not. The status call only reads: once more.
    if (!String(error).includes('ECONNRESET')) throw error;
    return (await apiCall<Status>(page, '/v9/OpenAccountHk/status')).data;
  }
}
