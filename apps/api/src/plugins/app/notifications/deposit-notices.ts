import { noticeLanguage } from '@hk/domain/review/notices';
import { normalizeEmail } from '@hk/domain/steps/personal/form';
import type { Tx } from '../../../db/client';
import type { Vault } from '../../../lib/crypto';
import { loadEmailVerifier } from '../mail/email-code-service';
import { type ApplicationRow, findStepRow } from '../steps/step-repository';
import { insertOutboxMessages, type NewOutboxMessage } from './outbox-repository';

export type DepositNoticeTemplate = 'activated' | 'voucher_requested' | 'third_party_refund';

/**
 * Queues the applicant's notices of the identity deposit (issue #15: matched and activated, a
 * clearer voucher asked for, a third-party or short payment going back), inside the transaction
 * of that change, as the review's decisions do (decision-notices.ts): a text message always, an
 * email when the application verified its address, in the applicant's language. `eventKey` names
 * what happened once (the credit, or the remittance's version): a retried call queues nothing twice.
 */
export async function queueDepositNotices(
  tx: Tx,
  vault: Vault,
  notice: { eventKey: string; app: Pick<ApplicationRow, 'id' | 'userId'>; template: DepositNoticeTemplate },
  now: Date,
): Promise<number> {
  const { app } = notice;
  const signature = await findStepRow(tx, app.id, 'signature');
  const personal = await findStepRow(tx, app.id, 'personal');
  const lang = noticeLanguage(signature?.answers.language);
  const email = typeof personal?.answers.email === 'string' ? normalizeEmail(personal.answers.email) : '';
  const hasVerifiedEmail = email !== '' && (await loadEmailVerifier(vault, tx, app.id))(email);
  const base = {
    eventKey: notice.eventKey,
    applicationId: app.id,
    userId: app.userId,
    template: notice.template,
    lang,
  };
  const rows: NewOutboxMessage[] = [{ ...base, channel: 'sms' }];
  if (hasVerifiedEmail) rows.push({ ...base, channel: 'email' });
  return insertOutboxMessages(tx, rows, now);
}
