import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers of sdk/, bottom up: ports (types only) and core (pure logic); views (the first
// screen's elements, written once against an injected createElement); stores (MobX state over an
// injected environment); then what touches the page or the network (host, analytics, integrations);
// the two renderers of the views, the React UI (ui, with vendor's shim) and the first paint
// (firstPaint, drawn with the DOM alone by aisle.js); and at the top the files that wire them (mount,
// takeOver, app for the app's script, embed for aisle.js). Each folder and top file below says what
// it must not import, so that each can be read, tested and loaded without what sits above it (and
// aisle.js without React or MobX). scripts/check-layers.ts checks the same from the other side: no
// import cycle between any two folders. docs/architecture.md draws the picture.
const LAYER = {
  stores: '**/stores/**',
  views: '**/views/**',
  host: '**/host/**',
  analytics: '**/analytics/**',
  integrations: '**/integrations/**',
  firstPaint: '**/firstPaint/**',
  ui: '**/ui/**',
  vendor: '**/vendor/**',
  mount: '**/mount.js',
  takeOver: '**/takeOver.js',
  app: '**/app.js',
  embed: '**/embed.js',
  serverRender: '**/serverRender/**',
};
const UPPER_LAYERS = [
  LAYER.ui,
  LAYER.host,
  LAYER.analytics,
  LAYER.integrations,
  LAYER.firstPaint,
  LAYER.vendor,
  LAYER.mount,
  LAYER.takeOver,
  LAYER.app,
  LAYER.embed,
  LAYER.serverRender,
];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', 'mobx-react-lite', 'scheduler'];
// What aisle.js exists to do without: React, MobX and the React UI.
const NOT_IN_AISLE_JS = [...REACT, 'mobx', LAYER.ui];
// Unit tests (which may reach anything) and what no shipped file of sdk/ imports: test code (test
// helpers live in sdk/testing/) and the repository's other projects.
const TESTS = 'sdk/**/*.test.{ts,tsx}';
const NOT_SHIPPED = ['vitest', '**/testing/**', '**/server/**', '**/extension/**', '**/e2e/**'];
const notShipped = {
  group: NOT_SHIPPED,
  message:
    'Shipped code imports no Vitest, no test helper (they live in sdk/testing/) and nothing of server/, extension/ or e2e/.',
};
const layerImports = (groups, message) => [
  'error',
  { patterns: [{ group: [...new Set(groups)], message }, notShipped] },
];
// The page's globals: core and stores reach the page only through the injected environment (and
// every timer through its clock), which is what lets tests run them on fake time without a DOM.
const PAGE_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'screen',
  'fetch',
  'XMLHttpRequest',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'matchMedia',
  'getComputedStyle',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
].map((name) => ({
  name,
  message: `Reach the page through the injected environment (StoreEnv), not the global ${name}.`,
}));

export default tseslint.config(
  { ignores: ['dist/', '.output/', '.wxt/', 'node_modules/', 'bench/results.json', 'e2e/artifacts/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['extension/**/*.ts', 'extension/**/*.tsx'],
    languageOptions: {
      globals: {
        browser: 'readonly',
        defineBackground: 'readonly',
        defineContentScript: 'readonly',
        defineUnlistedScript: 'readonly',
      },
    },
  },
  {
    files: ['sdk/ports/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layerImports(['*', '**/*'], 'Ports are types every layer shares: they import nothing.'),
    },
  },
  {
    files: ['sdk/core/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS, LAYER.stores, LAYER.views, ...REACT, 'mobx'],
        'core/ is framework-free logic: it imports no store, framework or upper layer.',
      ),
      'no-restricted-globals': ['error', ...PAGE_GLOBALS],
    },
  },
  {
    files: ['sdk/stores/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS, LAYER.views, ...REACT],
        'stores/ hold state over the injected environment: they import no React, no view and no upper layer (ui, host, analytics, integrations, firstPaint, mount).',
      ),
    },
  },
  {
    files: ['sdk/views/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS, LAYER.stores, ...NOT_IN_AISLE_JS],
        'views/ are stateless functions of their props over core: they import no store, framework or upper layer (both the app and aisle.js draw them).',
      ),
      'no-restricted-globals': ['error', ...PAGE_GLOBALS],
    },
  },
  {
    files: ['sdk/serverRender/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS.filter((layer) => layer !== LAYER.serverRender), ...REACT, 'mobx'],
        'serverRender/ writes the views as text on a server: it imports no framework, no page adapter and no upper layer, and runs without a DOM.',
      ),
      'no-restricted-globals': ['error', ...PAGE_GLOBALS],
    },
  },
  {
    files: ['sdk/host/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [
          LAYER.views,
          LAYER.analytics,
          LAYER.integrations,
          LAYER.firstPaint,
          LAYER.ui,
          LAYER.vendor,
          LAYER.mount,
          LAYER.takeOver,
          LAYER.app,
          LAYER.embed,
          ...REACT,
        ],
        'host/ adapts the page for the stores: it imports no view, React, analytics, integration or upper layer (aisle.js carries some of it).',
      ),
    },
  },
  {
    files: ['sdk/analytics/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [
          LAYER.views,
          LAYER.integrations,
          LAYER.firstPaint,
          LAYER.ui,
          LAYER.vendor,
          LAYER.mount,
          LAYER.takeOver,
          LAYER.app,
          LAYER.embed,
          ...REACT,
        ],
        'analytics/ records over the host and the stores: it imports no view, React, integration or upper layer.',
      ),
    },
  },
  {
    files: ['sdk/integrations/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [
          LAYER.views,
          LAYER.analytics,
          LAYER.firstPaint,
          LAYER.ui,
          LAYER.vendor,
          LAYER.mount,
          LAYER.takeOver,
          LAYER.app,
          LAYER.embed,
          ...REACT,
        ],
        'integrations/ connect third parties over the host and the stores: they import no view, React, analytics or upper layer.',
      ),
    },
  },
  {
    files: ['sdk/embed.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The stylesheet is the one module of ui/ aisle.js carries: text gathered from its CSS files.
              group: [
                ...NOT_IN_AISLE_JS,
                LAYER.integrations,
                LAYER.vendor,
                LAYER.mount,
                LAYER.takeOver,
                '!**/ui/stylesheet.js',
              ],
              message:
                'aisle.js draws the first screen without React, MobX or the React UI (only its stylesheet): it imports the first paint, core and the host adapters.',
            },
            notShipped,
          ],
        },
      ],
    },
  },
  {
    files: ['sdk/firstPaint/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [...NOT_IN_AISLE_JS, LAYER.integrations, LAYER.vendor, LAYER.mount, LAYER.takeOver, LAYER.app, LAYER.embed],
        'firstPaint/ is drawn by aisle.js without React, MobX or the React UI: import the shared views (sdk/views) and core instead.',
      ),
    },
  },
  {
    files: ['sdk/ui/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: {
      'no-restricted-imports': layerImports(
        [
          LAYER.host,
          LAYER.analytics,
          LAYER.integrations,
          LAYER.firstPaint,
          LAYER.vendor,
          LAYER.mount,
          LAYER.takeOver,
          LAYER.app,
          LAYER.embed,
        ],
        'ui/ renders the stores with React: it reaches the page and the network only through the stores, and imports no upper layer.',
      ),
    },
  },
  {
    files: ['sdk/vendor/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layerImports(
        ['../*', 'mobx'],
        'vendor/ holds stand-ins for packages: they import no part of sdk/.',
      ),
    },
  },
  {
    files: ['sdk/contract.ts', 'sdk/version.ts'],
    rules: {
      'no-restricted-imports': layerImports(
        ['./*', '../*', '*'],
        'The public contract and the version are plain declarations every layer may read: they import nothing.',
      ),
    },
  },
  {
    // The npm package's entry (package.ts) bundles the app without aisle.js or its first paint.
    files: ['sdk/mount.ts', 'sdk/takeOver.ts', 'sdk/app.ts', 'sdk/package.ts', 'sdk/mobxIsolation.ts'],
    rules: {
      'no-restricted-imports': layerImports(
        [LAYER.firstPaint, LAYER.embed],
        'The app (mount, takeOver, app, mobxIsolation, the package entry) is loaded after the first paint: it imports neither aisle.js nor the paint (the hand-over is in host/).',
      ),
    },
  },
  {
    files: ['sdk/stores/**/*.{ts,tsx}'],
    ignores: [TESTS],
    rules: { 'no-restricted-globals': ['error', ...PAGE_GLOBALS] },
  },
  {
    // The entries others build on: the extension's (tools, preview) and the package's.
    files: ['sdk/public/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': layerImports(
        [LAYER.embed],
        'public/ re-exports the SDK for code outside it: it never pulls in aisle.js, whose start runs on import.',
      ),
    },
  },
  {
    // Test doubles and scripted scenarios: they may reach the server they run against, and Vitest.
    files: ['sdk/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/extension/**', '**/e2e/**'],
              message:
                'sdk/testing/ holds the unit tests’ helpers: they import the SDK, the server and Vitest, not the extension or the e2e support.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/**/*.test.{ts,tsx}', 'server/**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...REACT,
                'mobx',
                ...['ui', 'views', 'firstPaint', 'host', 'stores', 'integrations', 'vendor', 'testing'].map(
                  (folder) => `**/sdk/${folder}/**`,
                ),
                ...['mount', 'takeOver', 'app', 'embed'].map((file) => `**/sdk/${file}.js`),
                '**/extension/**',
                '**/e2e/**',
                'vitest',
              ],
              message:
                'The server imports no UI code (it writes the listing through sdk/serverRender), no page adapter, no test helper and nothing of the extension.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['extension/**/*.{ts,tsx}'],
    ignores: ['extension/**/*.test.{ts,tsx}', 'extension/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Any module of sdk/ outside public/ (a pattern cannot re-include a file below a refused folder).
              regex: '(^|/)sdk/(?!public/)',
              message:
                'The extension uses the SDK through its public entries only: sdk/public/tools.ts (contract and rules) and sdk/public/preview.ts (the app and page adapters).',
            },
            {
              group: ['**/server/**', '**/e2e/**', 'vitest'],
              message: 'The extension imports no server, e2e or test code.',
            },
          ],
        },
      ],
    },
  },
);
