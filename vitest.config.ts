import { defineConfig } from 'vitest/config';

// Unit and component tests: fast, no network, no browser. Files that need a DOM opt in with
// `// @vitest-environment happy-dom` on their first line.
export default defineConfig({
  test: {
    include: [
      'sdk/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'extension/**/*.test.ts',
      'fixtures/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    pool: 'threads',
    restoreMocks: true,
    setupFiles: ['sdk/testSetup.ts'],
  },
});
