import { describe, expect, it } from 'vitest';
import { mergeQuery } from './query.js';

describe('mergeQuery (the URL is updated, the host keeps its own parameters)', () => {
  it('keeps the host parameters and replaces the state ones', () => {
    expect(mergeQuery('?locale=fr_CA&sort=old&pageNumber=3', 'sort=price_asc')).toBe('?locale=fr_CA&sort=price_asc');
  });
  it('drops every state parameter when the state is the default', () => {
    expect(mergeQuery('?filters=color~red&price=10/20&utm_source=x', '')).toBe('?utm_source=x');
    expect(mergeQuery('?filters=color~red', '')).toBe('');
  });
  it('works from an empty query', () => {
    expect(mergeQuery('', 'pageNumber=2')).toBe('?pageNumber=2');
  });
});
