import { defineConfig } from 'wxt';
import { privateSentryCarrier } from './scripts/sentryCarrier.js';

// The browser extension: entrypoints live under extension/, built to .output/ (docs/extension.md).
export default defineConfig({
  srcDir: 'extension',
  outDir: '.output',
  // Production JSX everywhere: the main-world preview bundles Aisle's React components, and React's
  // production build has no jsxDEV. The preview runs in the page's world: Sentry's carrier stays
  // private there too, as in aisle.js (scripts/sentryCarrier.ts).
  vite: () => ({ oxc: { jsx: { runtime: 'automatic', development: false } }, plugins: [privateSentryCarrier] }),
  manifest: ({ browser }) => ({
    name: 'Aisle Preview',
    description: 'Preview Aisle on any retailer page and inspect its analytics queue.',
    // scripting: the preview is registered at run time for enabled sites; tabs: the popup reloads
    // the tab it configures; sidePanel: the inspector beside the page (Chrome).
    permissions: ['storage', 'scripting', 'tabs', ...(browser === 'firefox' ? [] : ['sidePanel'])],
    // Any retailer page can be previewed or inspected.
    host_permissions: ['<all_urls>'],
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'preview@aisle.example', data_collection_permissions: { required: ['none'] } },
          },
        }
      : {}),
  }),
});
