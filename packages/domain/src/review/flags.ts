// What a reviewer should look at twice, computed from a submission's answers (issue #14). The
// queue filters on them and the case view shows them with their reason; "similar clients" (same
// name and birth date, bank account, email or device in another application) needs every other
// application, so the API computes it from its look-up hashes and adds it.
import { MARGIN_AGE_THRESHOLD } from '../constants';
import { hongKongToday } from '../hong-kong-time';
import { ageOn, checkIsIsoDate } from '../id-documents';
import { checkHasDerivativesKnowledge, checkSavedAnswersNeedRiskCall } from '../steps/investment/form';
import type { StepId } from '../steps/types';

export const CASE_FLAGS = [
  'age_65_plus',
  'student',
  'pep',
  'licensed_employee',
  'under_one_year_experience',
  'derivatives',
  'us_indicia',
  'similar_clients',
] as const;
export type CaseFlag = (typeof CASE_FLAGS)[number];

export function caseFlagKey(flag: CaseFlag): string {
  return `flag_${flag}`;
}

type AnswersByStep = Partial<Record<StepId, Readonly<Record<string, unknown>> | undefined>>;

/** The flags the answers raise on `now` (Hong Kong's date for the age), in CASE_FLAGS order. */
export function flagsOfAnswers(answers: AnswersByStep, now: Date): CaseFlag[] {
  const flags = new Set<CaseFlag>();
  const birthDate = answers.identity?.birth_date;
  if (typeof birthDate === 'string' && checkIsIsoDate(birthDate)) {
    if (ageOn(birthDate, hongKongToday(now)) >= MARGIN_AGE_THRESHOLD) flags.add('age_65_plus');
  }
  if (answers.employment?.status === 'student') flags.add('student');
  if (answers.declarations?.pep === true) flags.add('pep');
  if (answers.declarations?.licensed_employee === true) flags.add('licensed_employee');
  if (checkSavedAnswersNeedRiskCall(answers.investment)) flags.add('under_one_year_experience');
  const knowledge = answers.investment?.derivatives_knowledge;
  if (
    answers.account_type?.futures === true ||
    (Array.isArray(knowledge) && checkHasDerivativesKnowledge({ derivatives_knowledge: knowledge }))
  )
    flags.add('derivatives');
  const tax = answers.tax;
  const residencies = Array.isArray(tax?.tax_residencies)
    ? (tax.tax_residencies as { country?: unknown }[])
    : [];
  if (
    tax?.us_citizen === true ||
    tax?.us_green_card === true ||
    tax?.us_born === true ||
    residencies.some((r) => r?.country === 'US')
  )
    flags.add('us_indicia');
  return CASE_FLAGS.filter((f) => flags.has(f));
}
