import { randomInt } from 'node:crypto';
import { identityStep, type Language, maskMobile, reviewStep } from '@hk/domain';
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { applicationSteps, applications, documents, fileBlobs, users } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { createSession } from '../src/plugins/app/auth/session-repository';
import { SYSTEM_EVENT_META } from '../src/plugins/app/events/event-repository';
import { submitApplication } from '../src/plugins/app/submissions/submission-service';
import { signed, type TestApp } from './helpers';

export interface TestUser {
  userId: string;
  token: string;
  mobile: string;
}

/**
 * A logged-in user made directly in the tables (the login route belongs to the auth area):
 * a users row with the mobile encrypted, then a real session.
 */
export async function createLoggedInUser(
  t: TestApp,
  mobile = `9${randomInt(1000000, 9999999)}`,
): Promise<TestUser> {
  const { db, vault } = t.app.ctx;
  const [user] = await db
    .insert(users)
    .values({
      region: 'HK',
      mobileEnc: vault.encrypt(mobile),
      mobileHash: vault.lookupHash(`HK:${mobile}`),
      mobileMasked: maskMobile(mobile),
    })
    .returning({ id: users.id });
  const session = await createSession(db, user!.id, 'test-device', t.clock.now);
  return { userId: user!.id, token: session.token, mobile };
}

type FormValue = string | number | boolean | readonly string[];

function toForm(params: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) form.append(k, String(item));
    else form.append(k, String(v));
  }
  return form.toString();
}

/** A signed, form-encoded POST as the web client sends it (token in the body and the header). */
export async function post(
  t: TestApp,
  url: string,
  body: Record<string, FormValue | undefined>,
  opts: { token?: string; lang?: Language } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: toForm(signed(t, body, opts.token ? { token: opts.token } : {})),
  });
  return { res, json: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined };
}

/** The common parameters in the query string, without the token (it travels in the header). */
export function signedQuery(t: TestApp, token: string): string {
  const params = signed(t, {}, { token });
  delete params.token;
  return toForm(params);
}

export interface UploadPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

export function multipartBody(parts: UploadPart[]): { body: Buffer; contentType: string } {
  const boundary = `----hktest${randomInt(1e9)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${
          p.filename ? `Content-Type: ${p.contentType ?? 'image/jpeg'}\r\n` : ''
        }\r\n`,
      ),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /upload as the web client does: `kind` then `file`, common parameters in the query. */
export async function upload(
  t: TestApp,
  token: string | undefined,
  kind: string | undefined,
  file: Buffer | undefined,
  opts: { filename?: string; lang?: Language } = {},
) {
  const parts: UploadPart[] = [];
  if (kind !== undefined) parts.push({ name: 'kind', value: kind });
  if (file !== undefined) parts.push({ name: 'file', value: file, filename: opts.filename ?? 'id.jpg' });
  const { body, contentType } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v9/OpenAccountHk/upload?${signedQuery(t, token ?? '')}`,
    headers: {
      'content-type': contentType,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
    payload: body,
  });
  return { res, json: String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined };
}

export function getFile(t: TestApp, token: string | undefined, documentId: string) {
  return t.app.inject({
    method: 'GET',
    url: `/v9/OpenAccountHk/file/${documentId}?${signedQuery(t, token ?? '')}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

// ---- images, made with sharp (no binary fixtures in the repository) ----

function card(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 210, g: 190, b: 160 } } });
}

export const images = {
  /** A JPEG carrying camera and GPS EXIF, as a phone photo does. */
  jpegWithGps: () =>
    card(1200, 760)
      .jpeg()
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'GPS-1' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '22/1 16/1 4800/100',
          GPSLongitudeRef: 'E',
          GPSLongitude: '114/1 9/1 3600/100',
        },
      })
      .toBuffer(),
  jpeg: (w = 800, h = 500) => card(w, h).jpeg().toBuffer(),
  png: () => card(640, 400).png().toBuffer(),
  webp: () => card(640, 400).webp().toBuffer(),
  gif: () => card(64, 40).gif().toBuffer(),
  pdf: () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  text: () => Buffer.from('this is not an image, only text pretending to be id.jpg\n'),
  /** Starts like a JPEG (magic bytes) but the data is garbage: the decoder must refuse it. */
  brokenJpeg: () =>
    Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
      Buffer.alloc(2000, 7),
    ]),
};

// ---- valid identity numbers for tests ----

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** An 18-digit mainland ID for a birth date (YYYY-MM-DD) and gender, with its check digit. */
export function cnIdNumber(birthDate: string, gender: 'M' | 'F', area = '110101', seq = '12'): string {
  const body = `${area}${birthDate.replaceAll('-', '')}${seq}${gender === 'M' ? 3 : 4}`;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(body[i]) * CN_WEIGHTS[i]!;
  return body + '10X98765432'[sum % 11];
}

/** A HKID with its check digit (one letter + six digits). */
export function hkIdNumber(letter = 'A', digits = '123456'): string {
  const values = [36, letter.charCodeAt(0) - 55, ...[...digits].map(Number)];
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += values[i]! * (9 - i);
  const rem = (11 - (sum % 11)) % 11;
  return `${letter}${digits}${rem === 10 ? 'A' : rem}`;
}

// ---- what is in the database and on disk ----

export async function countRows(t: TestApp) {
  const { db } = t.app.ctx;
  const [a] = await db.select({ n: count() }).from(applications);
  const [d] = await db.select({ n: count() }).from(documents);
  return { applications: a!.n, documents: d!.n };
}

/**
 * The application row with its identity step row read beside it, under the names the ID step's
 * columns had before the step model (so the ID step's tests read as they did): what is asserted
 * on is the real stored data.
 */
export async function applicationRow(t: TestApp, userId: string) {
  const [row] = await t.app.ctx.db.select().from(applications).where(eq(applications.userId, userId));
  if (!row) return undefined;
  const [identity] = await t.app.ctx.db
    .select()
    .from(applicationSteps)
    .where(and(eq(applicationSteps.applicationId, row.id), eq(applicationSteps.step, 'identity')));
  const a = (identity?.answers ?? {}) as Record<string, string | boolean | undefined>;
  const idNumber = identity?.sealed.id_number;
  const confirmed = identity?.confirmedAt ?? null;
  return {
    ...row,
    idLocation: (a.id_location as string | undefined) ?? null,
    nationality: (a.nationality as string | undefined) ?? null,
    idType: (a.id_type as string | undefined) ?? null,
    idNumberEnc: idNumber?.sealed ?? null,
    idNumberHash: idNumber?.hash ?? null,
    idNumberMasked: idNumber?.masked ?? null,
    chineseName: (a.chinese_name as string | undefined) ?? null,
    englishSurname: (a.english_surname as string | undefined) ?? null,
    englishGivenName: (a.english_given_name as string | undefined) ?? null,
    nameMatchesBank: a.name_matches_bank === true,
    gender: (a.gender as string | undefined) ?? null,
    birthDate: (a.birth_date as string | undefined) ?? null,
    idConfirmedAt: confirmed,
    stagesDone: confirmed ? ['id'] : [],
    infoProgress: confirmed ? 10 : 0,
    identityVersion: identity?.version ?? 0,
    identityReopenedReason: identity?.reopenedReason ?? null,
  };
}

/** Storage keys of the files in the file store (the database driver: file_blobs). */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const rows = await t.app.ctx.db.select({ key: fileBlobs.storageKey }).from(fileBlobs);
  return rows.map((r) => r.key);
}

/** Everything up to the ID details: application, location, both photos. */
export async function prepareIdStep(
  t: TestApp,
  user: TestUser,
  location: { id_location: 'CN' | 'HK' | 'OTHER'; nationality?: string },
) {
  await post(t, '/V9/OpenAccountHk/loginCreate', { type: ['HKMargin', 'USMargin'] }, { token: user.token });
  await post(t, '/v9/OpenAccountHk/id_location', location, { token: user.token });
  const front = await upload(t, user.token, 'id_front', await images.jpeg());
  const back = await upload(t, user.token, 'id_back', await images.png());
  // a refused photo says why here, not as a null read further on
  for (const [side, r] of [
    ['front', front],
    ['back', back],
  ] as const)
    if (r.json.status !== 0) throw new Error(`the ID ${side} upload was refused: ${JSON.stringify(r.json)}`);
  return { front: front.json.data.document_id as string, back: back.json.data.document_id as string };
}

/** A registry of the identity step and the review only: a submission needs just the ID step. */
export const IDENTITY_ONLY_STEPS = [identityStep, reviewStep];

/** Submits through the real service (the submit route comes with the flow issue). */
export async function submitIdentityOnly(t: TestApp, user: TestUser) {
  return submitApplication(
    t.app.ctx,
    user.userId,
    { ...SYSTEM_EVENT_META, actorType: 'applicant', actorId: user.userId },
    { steps: IDENTITY_ONLY_STEPS },
  );
}

/** The error code a promise is refused with (an AppError), or 0 when it resolves. */
export async function statusOf(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 0;
  } catch (err) {
    if (err instanceof AppError) return err.status;
    throw err;
  }
}
