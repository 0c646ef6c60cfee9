import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (PGlite answers a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A person who logged in with a phone number. The number is encrypted; mobile_hash finds it. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  region: text('region').notNull(),
  mobileEnc: text('mobile_enc').notNull(),
  mobileHash: text('mobile_hash').notNull().unique(),
  mobileMasked: text('mobile_masked').notNull(),
  source: text('source'),
  signup: jsonb('signup').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  lastLoginAt: ts('last_login_at'),
});

/** Session tokens are 256 random bits; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Image captchas, bound to a device id, single use. */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: text('device_id').notNull(),
    textHash: text('text_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('captchas_device_idx').on(t.deviceId, t.createdAt)],
);

/** Every captcha issued, by client IP: the per-IP limit counts these rows. */
export const captchaRequests = pgTable(
  'captcha_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('captcha_requests_ip_idx').on(t.ip, t.createdAt)],
);

/** Every SMS code sent: the rate limits count these rows; the code itself is kept as a hash. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    ip: text('ip').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    supersededAt: ts('superseded_at'),
  },
  (t) => [
    index('sms_codes_mobile_idx').on(t.mobileHash, t.createdAt),
    index('sms_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Captcha demands: each SMS request (sent or refused) counts toward "asked twice in the last hour". */
export const smsRequests = pgTable(
  'sms_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobileHash: text('mobile_hash').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sms_requests_mobile_idx').on(t.mobileHash, t.createdAt),
    index('sms_requests_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** One account-opening application per user. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(0),
    markets: jsonb('markets').$type<string[]>().notNull(),
    source: text('source'),
    idLocation: text('id_location'),
    nationality: text('nationality'),
    idType: text('id_type'),
    idNumberEnc: text('id_number_enc'),
    idNumberHash: text('id_number_hash'),
    idNumberMasked: text('id_number_masked'),
    chineseName: text('chinese_name'),
    englishSurname: text('english_surname'),
    englishGivenName: text('english_given_name'),
    nameMatchesBank: boolean('name_matches_bank').notNull().default(false),
    gender: text('gender'),
    birthDate: date('birth_date', { mode: 'string' }),
    idConfirmedAt: ts('id_confirmed_at'),
    stagesDone: jsonb('stages_done').$type<string[]>().notNull().default([]),
    infoProgress: smallint('info_progress').notNull().default(0),
    bankType: smallint('bank_type').notNull().default(0),
    bankAudit: smallint('bank_audit').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    submittedAt: ts('submitted_at'),
  },
  (t) => [
    uniqueIndex('applications_id_number_idx').on(t.idNumberHash).where(sql`id_number_hash is not null`),
  ],
);

/** Uploaded files (ID photos for now). The bytes live encrypted under DATA_DIR/files/<storage_key>. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('documents_app_idx').on(t.applicationId, t.kind)],
);

/**
 * Sealed file bytes for the `database` file store (FILE_STORE=database, the default): written in
 * the same transaction as the row that refers to them, so a crash leaves neither half.
 */
export const fileBlobs = pgTable('file_blobs', {
  storageKey: text('storage_key').primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});
