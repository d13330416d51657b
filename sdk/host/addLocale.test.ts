// @vitest-environment happy-dom
/**
 * Adding a locale takes a row and a catalogue: this test adds German the way a new shipped locale
 * would be added (a row in the locale table, a catalogue its row loads) without touching the shipped
 * table, and mounts a category page in it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerLocale, type Locale } from '../core/locales.js';
import { messagesFor, plural, type Messages } from '../core/messages.js';
import { formatCount } from '../core/format.js';
import { mountAisle, type Mounted } from '../mount.js';
import { fakeEnv, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';
import { FakeIntersectionObserver } from '../testing/ui.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// A code the shipped table does not hold: typed as a Locale on this test's word.
const DE = 'de' as Locale;

/** A tiny German catalogue: English for everything this test does not look at. */
const de: Messages = {
  ...messagesFor('en'),
  allFilters: 'Alle Filter',
  sortBy: 'Sortieren nach',
  itemCount: (n) => plural(DE, n, '{n} Artikel', '{n} Artikel'),
  showingOf: (shown, total) => `${formatCount(shown, DE)} von ${formatCount(total, DE)} angezeigt`,
};

let mounted: Mounted | null = null;
let net: FakeEnv;
let removeGerman: () => void = () => undefined;
const load = vi.fn(() => Promise.resolve(de));

const root = () => document.querySelector<HTMLElement>('.aisle-root');
const text = () => root()?.textContent ?? '';

async function mount(additional: Record<string, unknown>): Promise<Mounted> {
  const context = testContext({}, { data: fakeResponse({ filtered: 1234 }), additional });
  const result = await mountAisle(context, window, { transport: net.transport });
  if (!result) throw new Error('not mounted');
  mounted = result;
  return result;
}

beforeEach(() => {
  history.replaceState(null, '', '/maple/dresses');
  document.body.innerHTML = '<main><h1>Host content</h1></main>';
  net = fakeEnv();
  load.mockClear();
  removeGerman = registerLocale('de', { intl: 'de-DE', load });
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(async () => {
  // The chunks a mount loads after its first render arrive before the next test starts.
  await vi.dynamicImportSettled();
  mounted?.unmount();
  mounted = null;
  removeGerman();
  vi.unstubAllGlobals();
});

describe('a locale added as a row and a catalogue', () => {
  it('renders the category page in its texts, its plural and grouping rules and its price format', async () => {
    const m = await mount({ locale: 'de_DE', region: 'us' });
    expect(m.store.locale).toBe('de');
    expect(root()?.lang).toBe('de');
    expect(text()).toContain('1.234 Artikel');
    expect(text()).toContain('Alle Filter');
    // German writes the currency after the amount, with a decimal comma.
    expect(text()).toContain('40,00\u00a0$');
    expect(text()).not.toContain('$40.00');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is not loaded by a page in another locale', async () => {
    await mount({ locale: 'en', region: 'us' });
    expect(load).not.toHaveBeenCalled();
    expect(text()).toContain('1,234 items');
    expect(text()).toContain('$40.00');
  });

  it('is gone again once its row is removed: the page falls back to English', async () => {
    removeGerman();
    await mount({ locale: 'de_DE', region: 'us' });
    expect(root()?.lang).toBe('en');
    expect(text()).toContain('1,234 items');
  });
});
