import { describe, expect, it } from 'vitest';
import { markupKey } from './markupKey';
import { readRenderContext } from './normalize';
import { defaultUrlState } from './urlState';

const read = (raw: unknown) => {
  const result = readRenderContext(raw);
  if (!result.ok) throw new Error(result.error);
  return result.context;
};
const raw = {
  config: { id: 'maple', base: '/maple', defaultPageSize: 24 },
  environment: 'production',
  data: {
    products: [{ product_id: 'p1', title: 'Boot' }],
    h1_header: 'Boots',
    payload: { total: 1, filtered: 1, shown: 1 },
  },
  additional: { locale: 'en' },
};
const key = (context = read(raw), state = defaultUrlState({ pageSize: 24 })) =>
  markupKey({ context, route: { screen: 'dlp' }, state, version: '1' });

describe('markupKey: the same page gives the same key, another page another one', () => {
  it('does not depend on the order of the keys in the page JSON', () => {
    const reordered = { additional: raw.additional, data: raw.data, environment: raw.environment, config: raw.config };
    expect(key(read(reordered))).toBe(key());
    expect(key()).toMatch(/^[0-9a-f]{14}$/);
  });

  it('changes with the data (a stale cache), the tenant, the locale, the address state and the screen', () => {
    const other = (patch: object) => key(read({ ...raw, ...patch }));
    expect(other({ data: { ...raw.data, h1_header: 'Shoes' } })).not.toBe(key());
    expect(other({ config: { ...raw.config, id: 'cedar' } })).not.toBe(key());
    expect(other({ additional: { locale: 'fr' } })).not.toBe(key());
    expect(key(read(raw), { ...defaultUrlState({ pageSize: 24 }), pageNumber: 2 })).not.toBe(key());
    expect(
      markupKey({
        context: read(raw),
        route: { screen: 'vsm' },
        state: defaultUrlState({ pageSize: 24 }),
        version: '1',
      }),
    ).not.toBe(key());
  });
});
