import { defineConfig } from 'vitest/config';

// Unit and component tests: fast, no network, no browser. Files that need a DOM opt in with
// `// @vitest-environment happy-dom` on their first line. The analytics service's tests run twice:
// over SQLite (the embedded default) and over a real PostgreSQL server the set-up starts.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'threads',
    restoreMocks: true,
    setupFiles: ['sdk/testing/setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'sdk/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'extension/**/*.test.ts',
            'fixtures/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.postgres.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'analytics-postgres',
          include: ['server/analytics/**/*.test.ts', 'sdk/analytics/**/*.postgres.test.ts'],
          // SQLite's own file format and migrations; PostgreSQL's have their own file.
          exclude: ['server/analytics/persistence.test.ts', 'server/analytics/**/*.sqlite.test.ts'],
          env: { AISLE_TEST_STORE: 'postgres' },
          globalSetup: ['server/analytics/testing/postgresSetup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
