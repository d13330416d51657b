import { describe, expect, it } from 'vitest';
import { badgeFor, badgeOf, tabFacts } from './badge.js';
import type { TabStatus } from './messaging.js';
import type { PreviewStatus } from './pageData.js';
import { STATUS_LABELS, statusKindOf, statusTextOf, type StatusKind } from './popupStatus.js';
import { DEFAULT_SITE } from './settings.js';

const sites = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true } };
const baseOf = () => '/maple';
const said = (outcome: PreviewStatus['outcome'], message = '', extra: Partial<TabStatus> = {}): TabStatus => ({
  preview: { outcome, tookOver: false, message, at: 0 },
  loadUrl: null,
  searchError: null,
  registrationError: null,
  ...extra,
});
const dresses = 'https://shop.example/maple/dresses';

describe('badgeFor', () => {
  it('shows ON on a listing page of an enabled origin', () => {
    expect(badgeFor(dresses, sites, baseOf, said('shown'))).toMatchObject({ on: true, text: 'ON' });
  });

  it.each([
    ['https://shop.example/maple/p/rain-jacket', 'Not running: This page is outside the path patterns'],
    ['https://shop.example:8443/maple/dresses', 'Off: Off for this site'],
    ['http://shop.example/maple/dresses', 'Off: Off for this site'],
    ['chrome://extensions', 'Off: The preview runs on http and https pages only'],
    [undefined, 'Off: The preview runs on http and https pages only'],
  ])('shows nothing elsewhere: %s', (url, title) => {
    const badge = badgeFor(url, sites, baseOf, said('shown'));
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain(title);
  });

  it('stays ON when only the fragment or the query changed, as the page and the popup say', () => {
    for (const url of [`${dresses}#reviews`, `${dresses}?sort=price_desc`, `${dresses}?sort=price_desc#top`])
      expect(badgeFor(url, sites, baseOf, said('shown', 'showing maple'))).toMatchObject({ on: true, text: 'ON' });
  });

  it('matches the query as the browser does', () => {
    const exact = {
      'https://shop.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/*\n!/maple/shoes' },
    };
    expect(badgeFor('https://shop.example/maple/shoes', exact, baseOf, said('shown'))).toMatchObject({ on: false });
    expect(badgeFor('https://shop.example/maple/shoes?sort=price_desc', exact, baseOf, said('pending'))).toMatchObject({
      on: true,
    });
  });

  it('is off, and says why, while a pattern line is invalid', () => {
    const broken = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true, pathPatterns: '/maple/*\n!maple/p/*' } };
    const badge = badgeFor('https://shop.example/maple/p/rain-jacket', broken, baseOf);
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain('until the path patterns are corrected');
  });

  it('is not ON while the preview stands aside for the page’s own Aisle', () => {
    const badge = badgeFor(dresses, sites, baseOf, said('stood-aside', 'own Aisle'));
    expect(badge).toMatchObject({ on: false, text: '' });
    expect(badge.title).toContain('Stood aside');
  });

  it('shows the failure when the page says the local stack does not answer', () => {
    const down = said('failed', 'the local stack at http://127.0.0.1:4173 does not answer');
    const badge = badgeFor(dresses, sites, baseOf, down);
    expect(badge).toMatchObject({ on: false, text: '!' });
    expect(badge.title).toContain('does not answer');
  });

  it('turns red when the stack stops answering under a shown listing, with that cause', () => {
    const dev = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true, environment: 'development' as const } };
    const stack = { localStack: 'http://127.0.0.1:4173', answers: false };
    const badge = badgeFor(dresses, dev, baseOf, said('shown', 'showing maple'), stack);
    expect(badge).toMatchObject({ on: false, text: '!', kind: 'failed' });
    expect(badge.title).toContain('The local stack at http://127.0.0.1:4173 does not answer');
    expect(badgeFor(dresses, dev, baseOf, said('shown'), { ...stack, answers: true })).toMatchObject({ text: 'ON' });
  });

  it('is not ON before the page says the preview runs', () => {
    expect(badgeFor(dresses, sites, baseOf)).toMatchObject({ on: false, text: '' });
  });
});

describe('the badge and the popup', () => {
  const cases: Array<[StatusKind, TabStatus | null, string]> = [
    ['off', said('shown'), 'https://other.example/maple/dresses'],
    ['idle', said('shown'), 'https://shop.example/maple/p/jacket'],
    ['pending', said('pending', 'waiting for the main element'), dresses],
    ['shown', said('shown', 'showing maple: 24 products in the grid'), dresses],
    ['warning', said('shown', 'showing maple', { searchError: 'HTTP 503 (/search)' }), dresses],
    ['not-found', said('not-found', 'page not found'), dresses],
    ['stood-aside', said('stood-aside', 'the page runs its own Aisle'), dresses],
    ['failed', said('failed', 'the tenant "gone" is not known'), dresses],
  ];

  it('say the page’s words about an invalid main element once it reported them', () => {
    const site = { 'https://shop.example': { ...DEFAULT_SITE, enabled: true, mainSelector: 'main[[' } };
    const problem = 'the main element "main[[" is not a valid CSS selector: correct it in the popup';
    const facts = tabFacts(dresses, site, baseOf, said('failed', problem), { localStack: '', answers: null });
    // The popup checks the selector itself (the icon's worker has no DOM to check it with).
    const popupFacts = { ...facts, mainSelectorError: '"main[[" is not a valid CSS selector.' };
    expect(statusTextOf(popupFacts)).toBe(statusTextOf(facts));
    expect(badgeOf(facts).title).toBe(`Aisle Preview — Failed: ${statusTextOf(popupFacts)}`);
  });

  it.each(cases)('say the same for %s', (kind, status, url) => {
    const facts = tabFacts(url, sites, baseOf, status, { localStack: '', answers: null });
    expect(statusKindOf(facts)).toBe(kind);
    const badge = badgeOf(facts);
    expect(badge.kind).toBe(kind);
    expect(badge.title).toBe(`Aisle Preview — ${STATUS_LABELS[kind]}: ${statusTextOf(facts)}`.slice(0, 300));
    expect(badge.text).toBe({ failed: '!', off: '', idle: '', 'stood-aside': '' }[kind as string] ?? 'ON');
  });
});
