import { defineConfig } from 'vitest/config';

// End-to-end tests: the local stack on a free port, driven through real Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
