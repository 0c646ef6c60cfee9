import { configure } from '@testing-library/react';

// A screen's lazy chunk (dialogs, popups, step screens) is transformed the first time a test file
// renders it; on a busy 2-core CI machine that alone can pass testing-library's 1 s default for
// findBy/waitFor. Waiting longer changes no outcome: a missing element still fails the test.
configure({ asyncUtilTimeout: 5000 });
