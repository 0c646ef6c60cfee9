import { STAFF_LANGUAGES } from '@hk/domain/staff/contracts';
import { STAFF_SETUP_LINK_HOURS, STAFF_STATES } from '@hk/domain/staff/management';

// Keys of the `staff` namespace the page builds at run time (the locale test checks each exists).

/** The catalogue key of a console language's name (keys are snake_case: zh-HK → lang_zh_hk). */
export const languageKey = (language: (typeof STAFF_LANGUAGES)[number]) =>
  `lang_${language.replace('-', '_').toLowerCase()}`;

export const CONFIRM_KINDS = ['disable', 'enable', 'unlock', 'reset'] as const;

export const STAFF_RUNTIME_KEYS = [
  ...STAFF_STATES.map((s) => `state_${s}`),
  ...STAFF_LANGUAGES.map(languageKey),
  ...STAFF_SETUP_LINK_HOURS.map((h) => `hours_${h}`),
  ...CONFIRM_KINDS.map((k) => `${k}_of`),
  ...CONFIRM_KINDS.filter((k) => k !== 'enable').map((k) => `confirm_${k}`),
];
