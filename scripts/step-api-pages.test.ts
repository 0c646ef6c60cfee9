// Every step has its API page, docs/api/steps/<step id in kebab-case>.md (issue #23, decision 031):
// the index (docs/api/steps/README.md) no longer lists the steps by hand, so this test is what
// names a new step's missing page (the add-a-step proof runs it), and a page left behind by a
// step that is gone.
import fs from 'node:fs';
import path from 'node:path';
import { STEP_IDS } from '@hk/domain';
import { describe, expect, it } from 'vitest';

const PAGES = path.resolve(import.meta.dirname, '../docs/api/steps');
/** Pages of that folder that are no step's: the generic calls' page and the returned-for-changes call. */
const NOT_A_STEP = ['README.md', 'returned.md'];

const pageOf = (step: string) => `${step.replaceAll('_', '-')}.md`;

describe('the steps’ API pages (docs/api/steps)', () => {
  it('has a page for every step', () => {
    const missing = STEP_IDS.filter((s) => !fs.existsSync(path.join(PAGES, pageOf(s)))).map(
      (s) => `${s}: write its API page, docs/api/steps/${pageOf(s)} (its answers, rules and own calls)`,
    );
    expect(missing).toEqual([]);
  });

  it('has no page of a step that is not in the flow', () => {
    const steps = new Set<string>(STEP_IDS.map(pageOf));
    const strays = fs
      .readdirSync(PAGES)
      .filter((f) => f.endsWith('.md') && !steps.has(f) && !NOT_A_STEP.includes(f));
    expect(strays).toEqual([]);
  });
});
