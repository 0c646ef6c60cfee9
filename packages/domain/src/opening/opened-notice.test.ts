import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { composeNotice } from '../review/notices';

const values = { tel: '400-800-8888', tel_hk: '+852 3000 8888', account_number: '800000010' };

describe('the opened notice (issue #15)', () => {
  it.each(LANGUAGES)(
    '%s: the account number in the text message and the email; sell-only said so',
    (lang) => {
      const full = composeNotice(lang, 'opened', values);
      const sellOnly = composeNotice(lang, 'opened', { ...values, sell_only: true });
      for (const n of [full, sellOnly]) {
        expect(n.sms).toContain('800000010');
        expect(n.text).toContain('800000010');
        expect(`${n.sms}${n.subject}${n.text}`).not.toMatch(/\{|\}/);
      }
      expect(sellOnly.sms).toContain('HKIDR');
      expect(full.sms).not.toContain('HKIDR');
      expect(sellOnly.text).not.toBe(full.text);
      expect(sellOnly.sms.length).toBeLessThanOrEqual(lang === 'en' ? 300 : 120);
    },
  );
});
