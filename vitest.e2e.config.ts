import { defineConfig } from 'vitest/config';
import { selectedEngines } from './e2e/support/drivers/index.js';

// End-to-end tests: the local stack on a free port, driven through real browsers. The journeys
// (e2e/journeys) run in every engine of AISLE_ENGINE (default: chromium, firefox and webkit, one
// after the other); the other files are Chromium's own and run when Chromium is among them.
const engines = selectedEngines();

export default defineConfig({
  test: {
    include: engines.includes('chromium') ? ['e2e/**/*.e2e.ts'] : ['e2e/journeys/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['e2e/support/global-setup.ts'],
  },
});
