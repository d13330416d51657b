import { describe, expect, it } from 'vitest';
import { nextSimilarCount, relatedNeedsToggle, relatedPageUrl } from './lists';

describe('similar products: 16 at first, 16 more per sentinel', () => {
  it('adds 16 and stops at the total', () => {
    expect(nextSimilarCount(16, 40)).toBe(32);
    expect(nextSimilarCount(32, 40)).toBe(40);
    expect(nextSimilarCount(40, 40)).toBe(40);
  });
});

describe('related pages toggle', () => {
  it('appears when taller than 80 px, narrower than 768 px or more than 15 links', () => {
    expect(relatedNeedsToggle(60, 1280, 10)).toBe(false);
    expect(relatedNeedsToggle(81, 1280, 10)).toBe(true);
    expect(relatedNeedsToggle(60, 767, 3)).toBe(true);
    expect(relatedNeedsToggle(60, 768, 3)).toBe(false);
    expect(relatedNeedsToggle(60, 1280, 16)).toBe(true);
  });
});

describe('related link URL', () => {
  const origin = 'http://127.0.0.1:4173';
  it('resolves slugs under the tenant base', () => {
    expect(relatedPageUrl('mens-boots', '/maple', origin)).toBe('/maple/mens-boots');
    expect(relatedPageUrl('/maple/mens-boots', '/maple', origin)).toBe('/maple/mens-boots');
    expect(relatedPageUrl('https://shop.example/x', '/maple', origin)).toBe('https://shop.example/x');
  });
  it('cannot build script or empty URLs', () => {
    expect(relatedPageUrl('javascript:alert(1)', '/maple', origin)).toBeNull();
    expect(relatedPageUrl('', '/maple', origin)).toBeNull();
  });
});
