import type { ComponentType } from 'react';

// The page of every step screen by its address (issue #23, decision 031), found by its file's name:
// features/<step id, kebab-case>/components/<same>-page.tsx is the page of /userinfo/<that name>,
// as the screen's address, title and namespace follow from the step's id (lib/step-screens.ts). A
// new step's page is then a file and no line here. `app/` alone knows the pages (decision 016:
// app/ wires the features together); the glob makes one lazy chunk per page, as written
// `import()`s did. This module is a small chunk of its own, loaded with the first step screen
// (app/step-screens.ts), so the table is not on /login's first load. The other screens' pages (the
// login, the account, the deposit, the returned and status pages, the ID step's progress page) are
// the router's and are left out. app/step-pages.test.ts checks the table against
// lib/step-screens.ts: a step screen without its page fails, naming the file to write, and so does
// a page at an address that is no step screen's.
const PAGES = import.meta.glob<{ default: ComponentType }>(
  [
    './*/components/*-page.tsx',
    '!./{account,auth,deposit,returned,status-page}/**',
    '!./id-step/components/progress-page.tsx',
  ],
  { base: '../features' },
);

/** The pages not at `/userinfo/<their feature's name>` (lib/step-screens.ts's NOT_BY_CONVENTION). */
const ELSEWHERE: Readonly<Record<string, string>> = {
  './id-step/components/id-location-page.tsx': '/userinfo/id',
  './id-step/components/id-photos-page.tsx': '/userinfo/id/photos',
  './id-step/components/id-details-page.tsx': '/userinfo/id/details',
  './identity-media/components/identity-media-page.tsx': '/userinfo/identity-photos',
};

/** Every step screen's page, by its address. */
export const STEP_PAGES: Readonly<Record<string, () => Promise<{ default: ComponentType }>>> =
  Object.fromEntries(
    Object.entries(PAGES).map(([file, load]) => [ELSEWHERE[file] ?? `/userinfo/${file.split('/')[1]}`, load]),
  );
