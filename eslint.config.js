import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The layers of sdk/, bottom up: ports (types only) and core (pure logic), then stores (MobX state
// over an injected environment), then what touches the page or the network (host, analytics,
// integrations), the UI, and the mount that wires them. A lower layer never imports a higher one,
// so each can be read, tested and loaded without what sits above it. scripts/check-layers.ts
// checks the same from the other side: no import cycle between any two folders.
const UPPER_LAYERS = [
  '**/ui/**',
  '**/host/**',
  '**/analytics/**',
  '**/integrations/**',
  '**/mount.js',
  '**/app.js',
  '**/embed.js',
];
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', 'mobx-react-lite'];
const layerImports = (groups, message) => ['error', { patterns: [{ group: groups, message }] }];
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
    files: ['sdk/ports/**/*.ts'],
    rules: {
      'no-restricted-imports': layerImports(['*', '**/*'], 'Ports are types every layer shares: they import nothing.'),
    },
  },
  {
    files: ['sdk/core/**/*.ts'],
    ignores: ['sdk/**/*.test.ts'],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS, '**/stores/**', ...REACT, 'mobx'],
        'core/ is framework-free logic: it imports no store, framework or upper layer.',
      ),
      'no-restricted-globals': ['error', ...PAGE_GLOBALS],
    },
  },
  {
    files: ['sdk/stores/**/*.ts'],
    ignores: ['sdk/**/*.test.ts'],
    rules: {
      'no-restricted-imports': layerImports(
        [...UPPER_LAYERS, ...REACT],
        'stores/ hold state over the injected environment: they import no React and no upper layer (ui, host, analytics, integrations, mount).',
      ),
    },
  },
  {
    // The stores' test doubles stand in for the page, so they may touch its timers.
    files: ['sdk/stores/**/*.ts'],
    ignores: ['sdk/**/*.test.ts', 'sdk/stores/testing.ts'],
    rules: { 'no-restricted-globals': ['error', ...PAGE_GLOBALS] },
  },
);
