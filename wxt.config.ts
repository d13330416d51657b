import { defineConfig } from 'wxt';

// The browser extension: entrypoints live under extension/, built to .output/.
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  manifest: {
    name: 'Aisle Preview',
    description: 'Preview Aisle on any retailer page and inspect its analytics queue.',
    permissions: ['storage'],
  },
});
