import { describe, expect, it } from 'vitest';
import { badgeFor } from './badge.js';
import type { PreviewStatus } from './pageData.js';
import { DEFAULT_SITE } from './settings.js';

const sites = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true } };
const baseOf = () => '/maple';
const preview = (outcome: PreviewStatus['outcome'], message = ''): PreviewStatus => ({
  outcome,
  tookOver: false,
  message,
  at: 0,
});

describe('badgeFor', () => {
  it('shows ON on a listing page of an enabled origin', () => {
    expect(badgeFor('https://shop.example/maple/dresses', sites, baseOf, preview('shown'))).toMatchObject({
      on: true,
      text: 'ON',
    });
  });

  it.each([
    ['https://shop.example/maple/p/rain-jacket', 'outside its path patterns'],
    ['https://shop.example:8443/maple/dresses', 'off'],
    ['http://shop.example/maple/dresses', 'off'],
    ['chrome://extensions', 'off'],
    [undefined, 'off'],
  ])('shows nothing elsewhere: %s', (url, title) => {
    const badge = badgeFor(url, sites, baseOf);
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain(title);
  });

  it('matches the query as the browser does', () => {
    const exact = {
      'https://shop.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/*\n!/maple/shoes' },
    };
    expect(badgeFor('https://shop.example/maple/shoes', exact, baseOf)).toMatchObject({ on: false });
    expect(
      badgeFor('https://shop.example/maple/shoes?sort=price_desc', exact, baseOf, preview('pending')),
    ).toMatchObject({
      on: true,
    });
  });

  it('is off, and says why, while a pattern line is invalid', () => {
    const broken = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/*\n!maple/p/*' } };
    const badge = badgeFor('https://shop.example/maple/p/rain-jacket', broken, baseOf);
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain('path patterns have errors');
  });

  it('is not ON while the preview stands aside for the page’s own Aisle', () => {
    const badge = badgeFor('https://shop.example/maple/dresses', sites, baseOf, preview('stood-aside', 'own Aisle'));
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain('stood aside');
  });

  it('is not ON while the local stack does not answer: it shows the failure', () => {
    const down = preview('failed', 'the local stack at http://127.0.0.1:4173 does not answer');
    const badge = badgeFor('https://shop.example/maple/dresses', sites, baseOf, down);
    expect(badge).toMatchObject({ on: false, text: '!' });
    expect(badge.title).toContain('does not answer');
  });

  it('is not ON before the page says the preview runs', () => {
    expect(badgeFor('https://shop.example/maple/dresses', sites, baseOf)).toMatchObject({ on: false, text: '' });
  });
});
