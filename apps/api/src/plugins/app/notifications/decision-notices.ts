import { type NoticeTemplate, noticeLanguage } from '@hk/domain/review/notices';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { Tx } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import { loadEmailVerifier } from '../mail/email-code-service';
import { type ApplicationRow, findStepRow } from '../steps/step-repository';
import { insertOutboxMessages, type NewOutboxMessage } from './outbox-repository';

/**
 * Queues the applicant's notices of a review decision (a return, an approval, a decline), inside
 * the decision's transaction: a text message always, an email when the personal step's address is
 * one this application verified. In the language the applicant signed in (the signature step's
 * `language`; Simplified Chinese when none is stored). The case and the decision make the event:
 * one case is returned, approved or declined once, so a retried call queues nothing twice. The
 * outbox sender sends them after the commit (outbox-sender.ts).
 */
export async function queueDecisionNotices(
  tx: Tx,
  vault: Vault,
  decision: { caseId: string; app: Pick<ApplicationRow, 'id' | 'userId'>; template: NoticeTemplate },
  now: Date,
): Promise<number> {
  const { app } = decision;
  // one query after the other: a transaction is one connection
  const signature = await findStepRow(tx, app.id, 'signature');
  const personal = await findStepRow(tx, app.id, 'personal');
  const lang = noticeLanguage(signature?.answers.language);
  const email = typeof personal?.answers.email === 'string' ? normalizeEmail(personal.answers.email) : '';
  const hasVerifiedEmail = email !== '' && (await loadEmailVerifier(vault, tx, app.id))(email);
  const base = {
    eventKey: `case:${decision.caseId}:${decision.template}`,
    applicationId: app.id,
    userId: app.userId,
    template: decision.template,
    lang,
  };
  const rows: NewOutboxMessage[] = [{ ...base, channel: 'sms' }];
  if (hasVerifiedEmail) rows.push({ ...base, channel: 'email' });
  return insertOutboxMessages(tx, rows, now);
}
