import type { Config } from './config';
import type { Db } from './db/client';
import type { Vault } from './lib/crypto';
import type { ContentCache } from './plugins/app/content/content-cache';
import type { FileStore } from './plugins/app/files/file-store';
import type { HeavyPool } from './plugins/app/heavy/heavy-pool';
import type { Mailer } from './plugins/app/mail/mailer';
import type { SmsProvider } from './plugins/app/sms/sms-provider';
import type { SubmissionEvents } from './plugins/app/submissions/submission-events';

/** What the app is built from; tests pass their own (in-memory database, fixed clock, fake SMS). */
export interface AppContext {
  config: Config;
  db: Db;
  vault: Vault;
  sms: SmsProvider;
  /** Uploaded files, sealed (FILE_STORE: database or s3). */
  files: FileStore;
  /** The personal step's email codes (MAIL_PROVIDER: console or smtp). */
  mailer: Mailer;
  /** Worker threads for PDF, image and video checks (HEAVY_*: one per app, closed with it). */
  heavy: HeavyPool;
  /** The staff-managed content (IPOs, banners, customer service) as applicants read it, cached. */
  content: ContentCache;
  /** "Submitted", announced inside the submission's transaction; the review listens (decision 022). */
  submissions: SubmissionEvents;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** Set by the session hook on authenticated routes. */
    session: { userId: string; tokenHash: string } | null;
  }
}
