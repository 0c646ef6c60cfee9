import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { checkDeclarations, declarationsFormSchema, PEP_RELATIONS } from './form';

const OK = {
  pep: false,
  licensed_employee: false,
  staff_relation: false,
  beneficial_owner: true,
  corporate_voting_35: false,
  hkidr_consent: true,
};
function issues(input: unknown): [string, string][] {
  const r = z.safeParse(declarationsFormSchema(), input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('declarationsFormSchema', () => {
  it('every question is answered yes or no; marketing is off unless given', () => {
    const out = z.parse(declarationsFormSchema(), OK);
    expect(out.direct_marketing).toBe(false);
    expect(issues({ ...OK, pep: undefined })).toEqual([['pep', 'declaration_answer_required']]);
    expect(issues({ ...OK, hkidr_consent: 'maybe' })).toEqual([
      ['hkidr_consent', 'declaration_answer_required'],
    ]);
    // the HKIDR consent may be refused (the account can then only sell)
    expect(issues({ ...OK, hkidr_consent: false })).toEqual([]);
    // form-encoded answers
    expect(
      z.parse(declarationsFormSchema(), { ...OK, pep: '0', direct_marketing: '1' }).direct_marketing,
    ).toBe(true);
  });
  it('a PEP says who (self, family member, close associate) and gives details', () => {
    expect(PEP_RELATIONS).toEqual(['self', 'family_member', 'close_associate']);
    expect(issues({ ...OK, pep: true })).toEqual([
      ['pep_relations', 'pep_relation_required'],
      ['pep_details', 'declaration_details_required'],
    ]);
    expect(issues({ ...OK, pep: true, pep_relations: ['cousin'], pep_details: 'x' })).toEqual([
      ['pep_relations.0', 'pep_relation_required'],
    ]);
    expect(issues({ ...OK, pep: true, pep_relations: ['self', 'self'], pep_details: 'x' })).toEqual([
      ['pep_relations', 'pep_relation_required'],
    ]);
    expect(
      issues({ ...OK, pep: true, pep_relations: ['family_member'], pep_details: 'Father: LegCo member' }),
    ).toEqual([]);
  });
  it('details of each "yes", at most 300 characters; the employer of a licensed employee', () => {
    expect(issues({ ...OK, staff_relation: true })).toEqual([
      ['staff_relation_details', 'declaration_details_required'],
    ]);
    expect(issues({ ...OK, corporate_voting_35: true, corporate_voting_details: '   ' })).toEqual([
      ['corporate_voting_details', 'declaration_details_required'],
    ]);
    expect(issues({ ...OK, staff_relation: true, staff_relation_details: 'x'.repeat(301) })).toEqual([
      ['staff_relation_details', 'declaration_details_required'],
    ]);
    expect(issues({ ...OK, licensed_employee: true })).toEqual([
      ['licensed_employer', 'licensed_employer_required'],
    ]);
  });
  it('the details of a "no" are not kept', () => {
    const out = z.parse(declarationsFormSchema(), {
      ...OK,
      pep_relations: ['self'],
      pep_details: 'stale',
      licensed_employer: 'stale',
    });
    expect(out.pep_relations).toBeUndefined();
    expect(out.pep_details).toBeUndefined();
    expect(out.licensed_employer).toBeUndefined();
  });
});

describe('checkDeclarations', () => {
  it('not the beneficial owner: cannot open online', () => {
    expect(checkDeclarations({ ...OK, beneficial_owner: false }, {})).toEqual({
      beneficial_owner: 'beneficial_owner_not_online',
    });
  });
  it("a licensed employee needs the employer's consent uploaded", () => {
    expect(checkDeclarations({ ...OK, licensed_employee: true }, {})).toEqual({
      employer_consent: 'employer_consent_required',
    });
    expect(checkDeclarations({ ...OK, licensed_employee: true }, { employer_consent: 1 })).toEqual({});
    expect(checkDeclarations(OK, {})).toEqual({});
  });
});
