import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // The CI machine has 2 cores shared by the whole run: a test's own time may triple under load,
      // so the unit projects get 20 s instead of vitest's 5 s default (see the commit that set it).
      // Two workers each (vitest's default is cores - 1, one file at a time here): the API suites
      // wait on PostgreSQL and PGlite much of the time; measured 731 s instead of 812-837 s.
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          testTimeout: 20000,
          maxWorkers: 2,
        },
      },
      {
        // the repository's own structure (scripts/import-structure.test.ts: import circles, decision
        // 020); dependency-cruiser parses the four source trees with the TypeScript compiler (~20-30 s);
        // and the add-a-step proof (scripts/prove-add-a-step.test.ts, decision 028: ~60 s of CPU)
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          testTimeout: 180000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // three: the suites wait on the databases much of the time; the whole API step took 418 s
          // with three workers against 533 s with two (2 cores, quiet machine, 84 files passed)
          maxWorkers: 3,
          // Each worker keeps its modules from one file to the next (no suite mocks a module or
          // changes the environment it imports): the app's graph is imported twice a run, not once
          // per file; with the migrated database images (test/databases.ts) 80 s → 64 s on 8 files.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20000,
          setupFiles: ['./src/test-setup.ts'],
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'backoffice',
          root: './apps/backoffice',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 20000,
          setupFiles: ['./src/test-setup.ts'],
          maxWorkers: 2,
        },
      },
    ],
  },
});
