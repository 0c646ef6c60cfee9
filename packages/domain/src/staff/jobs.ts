// Heavy staff work as background jobs (issue #22, docs/backoffice.md "Jobs"): a statement import
// and an evidence-pack export answer a job at once; the console polls `GET /backoffice/api/jobs/:id`
// for its progress and result. Texts a person reads come rendered in the staff member's language.
import * as z from 'zod/mini';
import type { Language } from '../constants';
import { ImportResultSchema } from '../deposit/operations-contracts';
import { checkHasPermission, type StaffPermission, type StaffRole } from './roles';

export const JOB_KINDS = ['statement_import', 'evidence_export'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * Who sees a job: the kind's permission, always; and for a kind that is `ownOnly` only the person
 * who started it. Operations share their imports (any of them may follow one); an evidence pack
 * holds decrypted identity documents and is its requester's alone.
 */
export const JOB_KIND_RULES = {
  statement_import: { permission: 'deposit.match', ownOnly: false },
  evidence_export: { permission: 'records.export', ownOnly: true },
} as const satisfies Record<JobKind, { permission: StaffPermission; ownOnly: boolean }>;

export function checkCanSeeJob(
  job: { kind: JobKind; createdBy: string },
  staff: { id: string; roles: readonly StaffRole[] },
): boolean {
  const rule = JOB_KIND_RULES[job.kind];
  if (!rule || !checkHasPermission(staff.roles, rule.permission)) return false;
  return !rule.ownOnly || job.createdBy === staff.id;
}

/** A job still to finish: the console keeps polling it. */
export function checkIsJobOpen(state: JobState): boolean {
  return state === 'queued' || state === 'running';
}

/** How often the console asks for an open job's progress. */
export const JOB_POLL_MS = 1000;

/** How long a prepared evidence pack can be downloaded by the person who asked for it. */
export const EXPORT_DOWNLOAD_HOURS = 24;

export const JOB_STATE_TEXTS: Record<JobState, Record<Language, string>> = {
  queued: { 'zh-CN': '排队中', 'zh-HK': '排隊中', en: 'Waiting to start' },
  running: { 'zh-CN': '处理中', 'zh-HK': '處理中', en: 'In progress' },
  succeeded: { 'zh-CN': '已完成', 'zh-HK': '已完成', en: 'Done' },
  failed: { 'zh-CN': '未能完成', 'zh-HK': '未能完成', en: 'Not completed' },
};

export const JobIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)),
});

export const ExportResultSchema = z.object({
  applicationId: z.string(),
  fileName: z.string(),
  size: z.number(),
  /** Until when the requester can download it (ISO); null once it has expired. */
  downloadUntil: z.nullable(z.string()),
  canDownload: z.boolean(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const JobViewSchema = z.object({
  id: z.string(),
  kind: z.enum(JOB_KINDS),
  state: z.enum(JOB_STATES),
  stateLabel: z.string(),
  /** Lines (an import) or steps (an export) done, of `total` once known. */
  progress: z.object({ done: z.number(), total: z.nullable(z.number()) }),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  /** Why it failed, in the staff member's language (nothing was half-written). */
  error: z.nullable(z.object({ code: z.string(), message: z.string() })),
  importResult: z.nullable(ImportResultSchema),
  exportResult: z.nullable(ExportResultSchema),
});
export type JobView = z.infer<typeof JobViewSchema>;
