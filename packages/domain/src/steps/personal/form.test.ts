import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrorsOf } from '../../field-errors';
import { MAIL_CODE_TTL_S, MailCheckRequestSchema } from '../../flow/mail-check';
import { FLOW_ERROR_MESSAGES } from '../../flow/messages';
import { STEP_FORMS, type StepFormContext } from '../../flow/step-forms';
import { addErrorMessages } from '../../i18n';
import {
  checkIsEmail,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  normalizeEmail,
  personalForm,
  RESIDENTIAL_PROPERTY_TYPES,
} from './form';

addErrorMessages(FLOW_ERROR_MESSAGES);

const ctx = (verified: string[] = []): StepFormContext => ({
  today: '2026-11-26',
  facts: { markets: ['HK'], answers: {} },
  documentCounts: {},
  isEmailVerified: (email) => verified.includes(email),
});

const complete = {
  education: 'undergraduate',
  marital_status: 'married',
  residential_property: 'owned_mortgaged',
  email: 'chan.tai-man+hk@example.com.hk',
};

function confirm(answers: Record<string, unknown>, c: StepFormContext = ctx()) {
  const parsed = z.safeParse(personalForm.schema(c), answers);
  if (!parsed.success) return { fields: fieldErrorsOf(parsed.error.issues) };
  return { data: parsed.data, fields: personalForm.check?.(parsed.data, c) ?? {} };
}

describe('spec §3 enumerations of the personal step', () => {
  it('are the spec lists, as stable ids', () => {
    expect(EDUCATION_LEVELS).toEqual([
      'postgraduate',
      'undergraduate',
      'diploma',
      'secondary',
      'primary_or_below',
    ]);
    expect(MARITAL_STATUSES).toEqual(['single', 'married']);
    expect(RESIDENTIAL_PROPERTY_TYPES).toEqual([
      'owned_unmortgaged',
      'owned_mortgaged',
      'dormitory',
      'rented',
      'with_parents',
    ]);
  });
  it('is registered for the generic step call', () => {
    expect(STEP_FORMS.personal).toBe(personalForm);
  });
});

describe('spec §5 email rule', () => {
  it.each(['a@b.co', 'chan_tai.man+x-y@mail.example.com', '  Chan@Example.COM  ', '123@163.com'])(
    'accepts %j',
    (email) => expect(checkIsEmail(email)).toBe(true),
  );
  it.each([
    '',
    'chan',
    'chan@example',
    '@example.com',
    'chan@@example.com',
    'chan tai@example.com',
    'chan@exa mple.com',
    "o'brien@example.com",
    'chan@example..com',
    'chan@.example.com',
    '陈@example.com',
    `${'a'.repeat(190)}@example.com`,
  ])('refuses %j', (email) => expect(checkIsEmail(email)).toBe(false));
  it('keeps an address trimmed and in lower case', () => {
    expect(normalizeEmail('  Chan@Example.COM ')).toBe('chan@example.com');
  });
});

describe('personalForm: confirmation', () => {
  it('accepts the complete form when the email is verified, keeping it normalised', () => {
    const r = confirm({ ...complete, email: ' Chan.Tai-Man+HK@Example.com.hk ' }, ctx([complete.email]));
    expect(r.fields).toEqual({});
    expect(r.data).toEqual(complete);
  });

  it('refuses an email this application has not verified', () => {
    expect(confirm(complete, ctx(['someone.else@example.com'])).fields).toEqual({
      email: 'email_not_verified',
    });
  });

  it('refuses when the server gave no verification fact (nothing counts as verified)', () => {
    const { isEmailVerified: _, ...bare } = ctx([complete.email]);
    expect(confirm(complete, bare).fields).toEqual({ email: 'email_not_verified' });
  });

  it('refuses a changed email after another was verified', () => {
    expect(confirm({ ...complete, email: 'new@example.com' }, ctx([complete.email])).fields).toEqual({
      email: 'email_not_verified',
    });
  });

  it('names each missing or unknown field with its key', () => {
    expect(confirm({}).fields).toEqual({
      education: 'education_required',
      marital_status: 'marital_status_required',
      residential_property: 'residential_property_required',
      email: 'email_required',
    });
    expect(
      confirm({ education: 'phd', marital_status: 'divorced', residential_property: 'castle', email: 'x' })
        .fields,
    ).toEqual({
      education: 'education_required',
      marital_status: 'marital_status_required',
      residential_property: 'residential_property_required',
      email: 'email_invalid',
    });
    expect(confirm({ ...complete, email: '   ' }).fields).toEqual({ email: 'email_required' });
  });
});

describe('personalForm: drafts', () => {
  const draft = personalForm.draft!;
  it('keeps part of the form, an address still being typed included', () => {
    expect(z.parse(draft, { education: 'diploma', email: ' Chan@Exa ' })).toEqual({
      education: 'diploma',
      email: 'chan@exa',
    });
  });
  it('refuses a value outside the lists', () => {
    expect(z.safeParse(draft, { marital_status: 'widowed' }).success).toBe(false);
    expect(z.safeParse(draft, { email: 'a'.repeat(201) }).success).toBe(false);
  });
});

describe('mailCheck contract', () => {
  it('send: an email; verify: an email and 6 digits', () => {
    expect(z.parse(MailCheckRequestSchema, { action: 'send', email: ' A@B.co ' })).toEqual({
      action: 'send',
      email: 'a@b.co',
    });
    expect(z.parse(MailCheckRequestSchema, { action: 'verify', email: 'a@b.co', code: ' 012345 ' })).toEqual({
      action: 'verify',
      email: 'a@b.co',
      code: '012345',
    });
    expect(MAIL_CODE_TTL_S).toBe(300);
  });
  it.each([
    [{ action: 'verify', email: 'a@b.co', code: '12345' }, { code: 'email_code_format' }],
    [{ action: 'verify', email: 'a@b.co', code: '12345a' }, { code: 'email_code_format' }],
    [{ action: 'verify', email: 'a@b.co' }, { code: 'email_code_required' }],
    [{ action: 'send', email: 'nope' }, { email: 'email_invalid' }],
    [{ action: 'send' }, { email: 'email_required' }],
    [{ action: 'delete', email: 'a@b.co' }, { action: 'mail_action_invalid' }],
    [{ email: 'a@b.co' }, { action: 'mail_action_invalid' }],
  ])('%j → %j', (body, fields) => {
    const r = z.safeParse(MailCheckRequestSchema, body);
    expect(r.success).toBe(false);
    if (!r.success) expect(fieldErrorsOf(r.error.issues)).toEqual(fields);
  });
});

describe('message keys of the step are in the flow catalogue, in every language', () => {
  const keys = [
    'education_required',
    'marital_status_required',
    'residential_property_required',
    'email_required',
    'email_invalid',
    'email_not_verified',
    'email_code_required',
    'email_code_format',
    'email_code_wrong',
    'email_code_expired',
    'email_code_locked',
    'email_code_too_soon',
    'email_code_hourly_limit',
    'email_code_daily_limit',
    'email_code_ip_limit',
    'email_send_failed',
    'mail_action_invalid',
  ];
  it.each(['zh-CN', 'zh-HK', 'en'] as const)('%s', (lang) => {
    expect(keys.filter((k) => !FLOW_ERROR_MESSAGES[lang][k]?.trim())).toEqual([]);
  });
});
