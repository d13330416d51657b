import { describe, expect, it } from 'vitest';
import { generatedUrls, hostileUrls, isWebHref, PWN } from '../../fixtures/hostile/urls.js';
import { relatedPageUrl } from './lists.js';
import { localeSuffixUrl } from './localeUrl.js';

const ORIGIN = 'http://127.0.0.1:4173';
const build = (href: string) => relatedPageUrl(href, '/maple', ORIGIN);

describe('related page URLs never become script links', () => {
  it.each([[`/javascript:${PWN}`], [`/javascript:${PWN}//`], [`\\javascript:${PWN}//`], [`///JavaScript:${PWN}//`]])(
    'reads the text after leading slashes in %j as a page under the base',
    (href) => {
      const url = build(href);
      expect(url).not.toBeNull();
      expect(url!.startsWith('/maple/')).toBe(true);
      expect(isWebHref(url)).toBe(true);
    },
  );

  it.each([
    [` javascript:${PWN}`],
    [`\tjavascript:${PWN}`],
    [`\njavascript:${PWN}//`],
    [`\u0000javascript:${PWN}`],
    [`\u0001javascript:${PWN}`],
    [`java\tscript:${PWN}`],
    [`java\nscript:${PWN}`],
    [`JaVaScRiPt:${PWN}`],
    [`data:text/html,<script>${PWN}</script>`],
    [`vbscript:${PWN}`],
    ['   '],
    [`boots\u007f`],
  ])('cannot build %j', (href) => {
    expect(build(href)).toBeNull();
  });

  it('trims the text around a page name', () => {
    expect(build('  mens-boots \n')).toBe('/maple/mens-boots');
    expect(build(' /maple/mens-boots ')).toBe('/maple/mens-boots');
  });

  it('keeps a path that only starts like the base under the base', () => {
    expect(build('/maplewood/x')).toBe('/maple/maplewood/x');
  });

  it('builds nothing executable from the hostile corpus or the generated strings, with or without fr_CA', () => {
    for (const href of [...hostileUrls, ...generatedUrls()]) {
      for (const base of ['/maple', '']) {
        const url = relatedPageUrl(href, base, ORIGIN);
        if (url === null) continue;
        expect(isWebHref(url), JSON.stringify(href)).toBe(true);
        expect(isWebHref(localeSuffixUrl(url, { region: 'ca', locale: 'fr' })), JSON.stringify(href)).toBe(true);
      }
    }
  });
});
