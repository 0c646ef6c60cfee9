import type { StepId } from '@hk/domain';
import {
  type AnswerLine,
  CATALOGUE_NAMESPACES,
  catalogueOf,
  renderStepAnswers,
} from '@hk/domain/steps/catalogues';
import type { TFunction } from 'i18next';
import { currentLanguage, type I18nFacade } from '../../../lib/i18n';

export type { AnswerLine };

/** The namespaces the steps' catalogues take their labels from (loaded with the review screen). */
export const REVIEW_NAMESPACES: readonly string[] = CATALOGUE_NAMESPACES;

/**
 * A step's answers as the applicant reads them: the step's field catalogue rendered in the
 * screen's language (labels and choices as the step's own screen words them, sealed values by
 * their masks, in the form's order). This screen names no field.
 */
export function answerLines(
  i18n: Pick<I18nFacade, 'exists'>,
  t: TFunction,
  step: StepId,
  answers: Readonly<Record<string, unknown>>,
  sealed: Readonly<Record<string, string | null>>,
): AnswerLine[] {
  return renderStepAnswers(step, answers, sealed, {
    lang: currentLanguage(),
    t: (key, values) => (i18n.exists(key) ? t(key, values) : undefined),
    audience: 'applicant',
  });
}

/**
 * What the review says of a step the applicant reads no answers of (a recording heard, a drawn
 * signature), if anything; `lines`: how many lines its answers gave (a typed signature gives one).
 */
export function doneKeyOf(step: StepId, lines = 0): string | undefined {
  return lines > 0 ? undefined : catalogueOf(step).doneKey;
}
