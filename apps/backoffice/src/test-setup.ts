import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// antd's first render of a screen is slow on a loaded 2-core CI machine; waiting longer changes no
// outcome (a missing element still fails the test).
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());

// The console's pages are lazy chunks (decision 019). A test file loads them all before its first
// test, as it did when they were one chunk: a page's first render then waits for React.lazy's
// promise only, not for its module to be transformed on a loaded machine.
// A test in the node environment renders nothing (feature-boundaries.test.ts reads the source): no
// pages, no jsdom stand-ins.
const isDom = typeof window !== 'undefined';
const pages = import.meta.glob('./features/*/components/*-page.tsx');
beforeAll(async () => {
  if (isDom) await Promise.all(Object.values(pages).map((load) => load()));
});

// jsdom has no matchMedia; antd's responsive pieces (Grid, Layout.Sider) ask it
if (isDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no ResizeObserver either; antd's Table, Select and TextArea (autoSize) observe sizes
if (isDom && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
