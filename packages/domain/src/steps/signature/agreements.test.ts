import { describe, expect, it } from 'vitest';
import { type AgreementSources, agreementText, applicableAgreementIds, renderAgreements } from './agreements';

const answers: AgreementSources['answers'] = {
  identity: {
    id_type: 'hk_id',
    chinese_name: '陳大文',
    english_surname: 'CHAN',
    english_given_name: 'TAI MAN',
    birth_date: '1990-01-02',
  },
  account_type: { securities: 'cash', markets: ['HK'], futures: false },
  tax: {
    tax_residencies: [
      { country: 'HK', tin_from_id: true },
      { country: 'GB', tin_masked: 'AB****12' },
    ],
  },
  declarations: { hkidr_consent: true, direct_marketing: false },
  risk_disclosure: { text_version: '2026.1', language: 'en', ended_at: '2026-11-20T02:00:00Z' },
};
const src = (over: Partial<AgreementSources> = {}): AgreementSources => ({
  language: 'en',
  answers,
  masked: { id_number: 'A12****(3)' },
  ...over,
});
const byId = (docs: ReturnType<typeof renderAgreements>, id: string) => docs.find((d) => d.id === id)!;
const text = (docs: ReturnType<typeof renderAgreements>, id: string) => agreementText(byId(docs, id));

describe('renderAgreements', () => {
  it('gives every document but the W-8BEN without the US market, each with a version and the SHA-256 of its text', () => {
    const docs = renderAgreements(src());
    expect(docs.map((d) => d.id)).toEqual([
      'client_agreement',
      'risk_disclosure_ack',
      'pics',
      'crs',
      'hkidr_consent',
    ]);
    for (const d of docs) {
      expect(d.version).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
      expect(d.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(d.sections.length).toBeGreaterThan(0);
    }
    expect(new Set(docs.map((d) => d.sha256)).size).toBe(docs.length);
  });

  it('adds the W-8BEN with the US market, with the treaty line and the masked TIN', () => {
    const us = { ...answers, account_type: { securities: 'cash', markets: ['HK', 'US'], futures: false } };
    expect(applicableAgreementIds(us)).toContain('w8ben');
    const docs = renderAgreements(src({ answers: us }));
    const w = text(docs, 'w8ben');
    expect(w).toContain('CHAN, TAI MAN');
    expect(w).toContain('Under penalties of perjury');
    expect(w).toContain('30%'); // HK: no treaty
    expect(text(docs, 'client_agreement')).toContain('United States');
  });

  it('adds the margin and futures addenda only when chosen', () => {
    const cash = text(renderAgreements(src()), 'client_agreement');
    expect(cash).not.toContain('Margin addendum');
    expect(cash).not.toContain('Futures addendum');
    expect(cash).toContain('securities cash account');
    const both = renderAgreements(
      src({
        answers: { ...answers, account_type: { securities: 'margin', markets: ['HK'], futures: true } },
      }),
    );
    const t = text(both, 'client_agreement');
    expect(t).toContain('Margin addendum');
    expect(t).toContain('Futures addendum');
    expect(t).toContain('securities margin account and a futures account');
    expect(text(both, 'risk_disclosure_ack')).toContain('risk of margin trading');
    expect(byId(both, 'client_agreement').sha256).not.toBe(
      byId(renderAgreements(src()), 'client_agreement').sha256,
    );
  });

  it('renders in the person’s language (Simplified and Traditional differ)', () => {
    const cn = renderAgreements(src({ language: 'zh-CN' }));
    const hk = renderAgreements(src({ language: 'zh-HK' }));
    expect(byId(cn, 'client_agreement').title).toBe('客户协议');
    expect(byId(hk, 'client_agreement').title).toBe('客戶協議');
    expect(text(cn, 'pics')).toContain('个人资料');
    expect(text(hk, 'pics')).toContain('個人資料');
    expect(byId(cn, 'crs').sha256).not.toBe(byId(hk, 'crs').sha256);
    expect(byId(cn, 'crs').language).toBe('zh-CN');
  });

  it('shows TINs masked (the ID number only by its mask) and lists each residency', () => {
    const t = text(renderAgreements(src()), 'crs');
    expect(t).toContain('AB****12');
    expect(t).toContain('A12****(3)');
    expect(t).toContain('United Kingdom');
  });

  it('changes a document’s hash when an answer it shows changes, and only that document’s', () => {
    const before = renderAgreements(src());
    const after = renderAgreements(
      src({ answers: { ...answers, declarations: { hkidr_consent: false, direct_marketing: false } } }),
    );
    expect(byId(after, 'hkidr_consent').sha256).not.toBe(byId(before, 'hkidr_consent').sha256);
    expect(text(after, 'hkidr_consent')).toContain('does not consent');
    expect(byId(after, 'client_agreement').sha256).toBe(byId(before, 'client_agreement').sha256);
    const renamed = renderAgreements(
      src({ answers: { ...answers, identity: { ...answers.identity, chinese_name: '陳小文' } } }),
    );
    expect(byId(renamed, 'client_agreement').sha256).not.toBe(byId(before, 'client_agreement').sha256);
  });

  it('states the direct-marketing choice in the PICS', () => {
    const no = text(renderAgreements(src()), 'pics');
    const yes = text(
      renderAgreements(
        src({ answers: { ...answers, declarations: { hkidr_consent: true, direct_marketing: true } } }),
      ),
      'pics',
    );
    expect(no).toContain('has not consented to direct marketing');
    expect(yes).toContain('has consented');
  });
});
