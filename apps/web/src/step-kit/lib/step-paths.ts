import { STEP_IDS, type StepId } from '@hk/domain';
import { STEP_SCREENS } from '../../lib/step-screens';

/** The first screen of each step (docs/flow-routes.md), from the step screens' table. */
export const STEP_PATHS = Object.fromEntries(STEP_IDS.map((s) => [s, STEP_SCREENS[s].path])) as Record<
  StepId,
  string
>;

/** A step's title: a key of the `common` namespace (its first screen's title). */
export function stepTitleKey(step: StepId): string {
  return STEP_SCREENS[step].titleKey;
}

/**
 * The steps that have a screen, in the flow's order: every step has one (STEP_SCREENS is a record
 * over every StepId, so a step without a screen fails the type check), so this is the domain's list.
 */
export const SCREEN_STEPS = STEP_IDS;

/** Whether a step name the server sent is a step with a screen here. */
export function checkHasScreen(step: string): step is StepId {
  return Object.hasOwn(STEP_SCREENS, step);
}
