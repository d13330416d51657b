import { describe, expect, it } from 'vitest';
import { PWN } from '../../fixtures/hostile/urls.js';
import { localeSuffixUrl } from './localeUrl.js';
import { safeHref } from './safeUrl.js';

const frCA = { region: 'ca', locale: 'fr' };

describe('locale suffix on links', () => {
  it('leaves an empty (refused or unbuildable) link empty instead of pointing it at the current page', () => {
    expect(localeSuffixUrl('', frCA)).toBe('');
    expect(localeSuffixUrl('  ', frCA)).toBe('');
  });

  it('cannot revive a script link whose payload comments out the suffix, once the link is checked', () => {
    const suffixed = localeSuffixUrl(`javascript:${PWN}//`, frCA);
    // The suffix lands after the comment marker, so the script would still run if the link were used.
    expect(suffixed).toBe(`javascript:${PWN}//?locale=fr_CA`);
    expect(safeHref(suffixed, 'http://shop.test/maple/dresses')).toBe('');
  });
});
