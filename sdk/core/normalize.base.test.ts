import { describe, expect, it } from 'vitest';
import { hostileUrls, PWN } from '../../fixtures/hostile/urls.js';
import { readRenderContext } from './normalize.js';

const baseOf = (base: unknown) => {
  const read = readRenderContext({ config: { id: 'maple', base } });
  if (!read.ok) throw new Error(read.error);
  return read.context.config.base;
};

describe('the tenant base in the render context', () => {
  it('keeps a plain path, without its trailing slashes', () => {
    expect(baseOf('/maple')).toBe('/maple');
    expect(baseOf(' /maple/ ')).toBe('/maple');
  });

  it.each([[`javascript:${PWN};/1`], ['//evil.example'], ['https://evil.example/maple'], [42]])(
    'drops %j so that routes start at the site root',
    (base) => {
      expect(baseOf(base)).toBe('');
    },
  );

  it('is a plain path (or nothing) for every hostile URL', () => {
    for (const url of hostileUrls) expect(baseOf(url), JSON.stringify(url)).toMatch(/^(\/[^/\\?#\s]+)*$/);
  });
});
