import { defineConfig } from 'wxt';

// The browser extension: entrypoints live under extension/, built to .output/.
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  manifest: ({ browser }) => ({
    name: 'Aisle Preview',
    description: 'Preview Aisle on any retailer page and inspect its analytics queue.',
    permissions: ['storage'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'preview@aisle.example', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
});
