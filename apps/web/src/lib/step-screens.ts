import { STEP_IDS, type StepId } from '@hk/domain';

/** One screen of a step: what the router, the titles and the links need, not its page. */
export interface StepScreen {
  /** Its address (spec §2, docs/flow-routes.md); every step screen asks for a session. */
  path: string;
  /** Its title, a key of the `common` namespace: the tab's title, the progress page, the review. */
  titleKey: string;
}

/** A step's screens: its first (where STEP_PATHS and the edit links go) and, for the ID step, more. */
export interface StepScreens extends StepScreen {
  /** The namespace of its texts (`src/locales/<lang>/<ns>.json`), its field catalogue's too. */
  namespace: string;
  /** The screens after the first, by name, for a step asked over several (the ID step). */
  more?: Readonly<Record<string, StepScreen>>;
}

/** `account_type` → `account-type`: a step id as its address spells it. */
type Kebab<S extends string> = S extends `${infer A}_${infer B}` ? `${A}-${Kebab<B>}` : S;

/** A step's screen by the convention: `/userinfo/<its id, kebab-case>`, `title_<id>`, namespace `<id>`. */
interface ConventionalScreens<S extends StepId> {
  readonly path: `/userinfo/${Kebab<S>}`;
  readonly titleKey: `title_${S}`;
  readonly namespace: S;
}

/**
 * The steps whose screens keep another address, title or namespace than the convention gives
 * (spec §2's addresses and the texts that were there before it): what each overrides.
 */
const NOT_BY_CONVENTION = {
  identity: {
    path: '/userinfo/id',
    titleKey: 'title_id_location',
    namespace: 'id',
    more: {
      photos: {
        path: '/userinfo/id/photos',
        titleKey: 'title_id_photos',
      },
      details: {
        path: '/userinfo/id/details',
        titleKey: 'title_id_details',
      },
    },
  },
  account_type: { titleKey: 'title_account_type_step' },
  identity_media: { path: '/userinfo/identity-photos' },
} as const satisfies { readonly [S in StepId]?: Partial<StepScreens> };
type Overrides = typeof NOT_BY_CONVENTION;

type ScreensOf<S extends StepId> = S extends keyof Overrides
  ? Omit<ConventionalScreens<S>, keyof Overrides[S]> & Overrides[S]
  : ConventionalScreens<S>;

// The one table of the step screens (issue #13), data only (issue #23): the step paths, the step
// header's dots, the progress page's titles, the review's headings and edit links, and the route
// titles read it. Derived from the registry's step ids (issue #23, decision 028): a new step gets
// `/userinfo/<id>`, `title_<id>` in `common` and its texts in `<id>.json` without an entry here;
// its page is found by its file's name, features/<id, kebab-case>/components/<same>-page.tsx, in
// app/step-pages.ts (decision 031), whose test names the file a new address lacks. This table
// sits low, in lib/, so the pages can read it without importing app/ (decision 008).
export const STEP_SCREENS = Object.fromEntries(
  STEP_IDS.map((id) => [
    id,
    {
      path: `/userinfo/${id.replaceAll('_', '-')}`,
      titleKey: `title_${id}`,
      namespace: id,
      ...(NOT_BY_CONVENTION as Readonly<Partial<Record<StepId, Partial<StepScreens>>>>)[id],
    },
  ]),
) as { readonly [S in StepId]: ScreensOf<S> };

type PathsOf<T> = T extends { path: infer P extends string }
  ? P | (T extends { more: infer M } ? { [K in keyof M]: PathsOf<M[K]> }[keyof M] : never)
  : never;

/** The address of every screen of every step, as the table spells it. */
export type StepScreenPath = { [S in StepId]: PathsOf<(typeof STEP_SCREENS)[S]> }[StepId];

/** Every screen of every step, each step's first screen first. */
export const ALL_STEP_SCREENS: readonly StepScreen[] = Object.values<StepScreens>(STEP_SCREENS).flatMap(
  (s) => [s, ...Object.values(s.more ?? {})],
);
