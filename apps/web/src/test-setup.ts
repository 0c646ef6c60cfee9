import { configure } from '@testing-library/react';
import { afterAll } from 'vitest';

// A screen's lazy chunk (dialogs, popups, step screens) is transformed the first time a test file
// renders it; on a busy 2-core CI machine that alone can pass testing-library's 1 s default for
// findBy/waitFor. Waiting longer changes no outcome: a missing element still fails the test.
configure({ asyncUtilTimeout: 5000 });

// A toast shown by a file's last test loads antd-mobile's Toast after the test has ended: the file
// waits for it, or the load runs into the torn-down environment (vitest's EnvironmentTeardownError,
// an unhandled error that fails the run; seen in CI after address-page.test.tsx).
afterAll(async () => {
  if (typeof window === 'undefined') return; // a test in the node environment shows no toast
  const toast = await import('./lib/toast');
  try {
    await toast.overlaysLoaded();
  } catch {
    // a file that replaces the toast module with its own (vi.mock) loads no overlay to wait for
  }
});
