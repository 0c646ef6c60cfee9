// spec §2: a step screen's `state` query parameter, and the reusable button's label by it.

/** refused: sent back for changes; submitted: changing a submitted application; edit: from the review. */
export const PAGE_STATES = ['refused', 'submitted', 'edit', 'unsubmit'] as const;
export type PageState = (typeof PAGE_STATES)[number];

/** The page state a `state` query parameter names, or null (none, or a value the spec does not list). */
export function parsePageState(raw: string | null | undefined): PageState | null {
  return (PAGE_STATES as readonly string[]).includes(raw ?? '') ? (raw as PageState) : null;
}

/** Keys of the button labels (the same in the web app's `flow` and `id` namespaces). */
export type SubmitLabelKey = 'submit_refused' | 'submit_submitted' | 'submit_edit' | 'submit' | 'next';

/**
 * spec §2 reusable button: refused 'submit modification', submitted 're-submit', unsubmit 'submit',
 * edit 'confirm modification'. Without a state the spec names no label: a step screen says 'next',
 * a screen that sends something for checking (the ID details) says 'submit' (`withoutState`).
 */
export function submitLabelKey(
  state: PageState | null,
  withoutState: 'next' | 'submit' = 'next',
): SubmitLabelKey {
  switch (state) {
    case 'refused':
      return 'submit_refused';
    case 'submitted':
      return 'submit_submitted';
    case 'edit':
      return 'submit_edit';
    case 'unsubmit':
      return 'submit';
    default:
      return withoutState;
  }
}
