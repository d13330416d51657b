// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenderContext } from '../../sdk/core/types.js';
import { consentBanner } from './consentDemo.js';

const context = (consent: unknown) =>
  ({ config: { region: 'ca', consent }, additional: {} }) as unknown as RenderContext;

/** Puts the banner into the document and runs its script, as the browser would while parsing. */
function install(html: string): HTMLElement {
  const [markup, script] = html.split('<script>');
  document.body.innerHTML = markup!;
  new Function(script!.replace('</script>', ''))();
  return document.querySelector<HTMLElement>('[data-demo="consent"]')!;
}

const setReadyState = (state: DocumentReadyState) =>
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => state });

type WithAisle = { Aisle?: { consent: (choices: object) => void } };

describe('the demo consent banner', () => {
  afterEach(() => {
    delete (window as WithAisle).Aisle;
    setReadyState('complete');
    document.body.innerHTML = '';
  });

  it('is shown only where the tenant requires consent in the page’s region', () => {
    expect(consentBanner(context('implied'), 'en')).toBe('');
    expect(consentBanner(context({ default: 'implied', ca: 'required' }), 'fr')).toContain('Accepter');
  });

  it('tells Aisle the choice at once when aisle.js has run', () => {
    const consent = vi.fn();
    (window as WithAisle).Aisle = { consent };
    const banner = install(consentBanner(context('required'), 'en'));
    banner.querySelector<HTMLButtonElement>('[data-consent="refuse"]')!.click();
    expect(consent).toHaveBeenCalledWith({ analytics: false, errors: false, clicks: false, experiments: false });
    expect(banner.hidden).toBe(true);
  });

  it('keeps a choice made before the deferred aisle.js has run, and tells it once it has', () => {
    setReadyState('loading');
    const banner = install(consentBanner(context('required'), 'en'));
    banner.querySelector<HTMLButtonElement>('[data-consent="accept"]')!.click();
    expect(banner.hidden).toBe(true);
    const consent = vi.fn();
    (window as WithAisle).Aisle = { consent };
    document.dispatchEvent(new Event('DOMContentLoaded'));
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(consent).toHaveBeenCalledTimes(1);
    expect(consent).toHaveBeenCalledWith({ analytics: true, errors: true, clicks: true, experiments: true });
  });
});
