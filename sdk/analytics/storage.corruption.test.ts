/**
 * Corrupted storage, as a table: whatever an earlier version, an extension or a full disk left in
 * localStorage, the session drops what it cannot use (with one warning), starts afresh and
 * delivers. The service here refuses what a real one would: oversized headers (431) and bodies
 * (413), unknown tokens (401) and sequence numbers that are not exact integers (400).
 */
import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { DISTINCT_ID_KEY, TOKEN_KEY } from './identity.js';
import { outboxKeys } from './outbox.js';
import { fakeToken, makeSession, pathOf, SHOP } from '../testing/analytics.js';
import type { AnalyticsEvent } from './types.js';

configure({ enforceActions: 'always' });

const t0 = Date.parse('2025-03-01T12:00:00Z');
const nowS = Math.floor(t0 / 1000);
const keys = outboxKeys(SHOP);
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let env: FakeEnv;

/** A well-formed leftover event of an earlier page. */
const leftover = (seq: number, id = `00000000-0000-4000-8000-00000000000${seq}`): AnalyticsEvent => ({
  id,
  seq,
  event: `old:${seq}`,
  data: { metadata: {} },
  url: 'http://shop.test/maple/dresses',
  timestamp: '2025-03-01T11:00:00.000Z',
  environment: 'development',
});

/** What the service received: identity bodies and the events it stored. */
let received: { identities: Array<Record<string, unknown>>; stored: AnalyticsEvent[]; refusals: number[] };

function strictService(): void {
  const issued = new Set<string>();
  env.reply((request) => {
    const bearer = request.init.headers?.Authorization ?? '';
    if (bearer.length > 16 * 1024) return fail(431);
    if (JSON.stringify(request.init.body ?? null).length > 256 * 1024) return fail(413);
    const body = request.init.body as Record<string, unknown>;
    if (pathOf(request) === '/v3/identity') {
      received.identities.push(body);
      const distinct = body.distinct_id;
      const sub = typeof distinct === 'string' && distinct.length <= 100 ? distinct : 'minted-by-service';
      const token = fakeToken({ sub, shop_id: SHOP, exp: nowS + 3600, n: issued.size });
      issued.add(token);
      return { status: 200, json: { id: token } };
    }
    if (!issued.has(bearer.replace(/^Bearer /, ''))) return fail(401);
    const event = body as unknown as AnalyticsEvent;
    if (!Number.isSafeInteger(event.seq) || event.seq < 0 || typeof event.data?.metadata !== 'object') return fail(400);
    received.stored.push(event);
    return { status: 202, json: { id: event.id } };
  });
  const fail = (status: number) => (received.refusals.push(status), { status, json: { error: `HTTP ${status}` } });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
  env = fakeEnv();
  received = { identities: [], stored: [], refusals: [] };
  strictService();
});
afterEach(() => vi.useRealTimers());

const pad = (n: number) => 'x'.repeat(n);
const hugeLiveToken = fakeToken({ sub: 'visitor-1', shop_id: SHOP, exp: nowS + 3600, pad: pad(16 * 1024) });
const hugeExpiredToken = fakeToken({ sub: 'visitor-1', shop_id: SHOP, exp: nowS - 60, pad: pad(16 * 1024) });

interface Row {
  stored: Record<string, string>;
  /** Warnings expected (one per unusable value). */
  warns: number;
  /** Events the service must store, in order, besides the one tracked here (`new`). */
  delivered?: string[];
  check?(): void;
}

const corpus: Record<string, Row> = {
  'a live token of 16 KB (every send would get 431)': { stored: { [TOKEN_KEY]: hugeLiveToken }, warns: 1 },
  'an expired token of 16 KB (the identity request would get 431)': {
    stored: { [TOKEN_KEY]: hugeExpiredToken },
    warns: 1,
  },
  'a token that is not a JWT': { stored: { [TOKEN_KEY]: 'garbage' }, warns: 1 },
  'a token of four segments': { stored: { [TOKEN_KEY]: `${fakeToken({ exp: nowS + 60 })}.more` }, warns: 1 },
  'a token whose payload is an array': { stored: { [TOKEN_KEY]: `e30.${btoa('[1]')}.c2ln` }, warns: 1 },
  'a token whose sub is not an id': {
    stored: { [TOKEN_KEY]: fakeToken({ sub: { id: 1 }, shop_id: SHOP, exp: nowS + 3600 }) },
    warns: 1,
    check: () => expect(env.store.get(DISTINCT_ID_KEY)).toMatch(UUID_V4),
  },
  'a visitor id of 300 KB (the identity request would get 413)': {
    stored: { [DISTINCT_ID_KEY]: pad(300 * 1024) },
    warns: 1,
    check: () => {
      expect(received.identities[0]!.distinct_id).toMatch(UUID_V4);
      expect(env.store.get(DISTINCT_ID_KEY)).toBe(received.identities[0]!.distinct_id);
    },
  },
  'a visitor id with a line break': { stored: { [DISTINCT_ID_KEY]: 'abc\n<b>x</b>' }, warns: 1 },
  'a sane visitor id': {
    stored: { [DISTINCT_ID_KEY]: 'visitor-42' },
    warns: 0,
    check: () => expect(received.identities[0]!.distinct_id).toBe('visitor-42'),
  },
  'a sequence counter above 2^53': { stored: { [keys.seq]: '9007199254740993' }, warns: 1 },
  'a sequence counter of 1e300': { stored: { [keys.seq]: '1e300' }, warns: 1 },
  'a negative sequence counter': { stored: { [keys.seq]: '-4' }, warns: 1 },
  'a sequence counter that is not a number': { stored: { [keys.seq]: 'seven' }, warns: 1 },
  'a sane sequence counter': {
    stored: { [keys.seq]: '41' },
    warns: 0,
    check: () => expect(received.stored.at(-1)!.seq).toBe(42),
  },
  'an outbox that is not JSON': { stored: { [keys.outbox]: '[{"id":' }, warns: 1 },
  'an outbox that is not a list': { stored: { [keys.outbox]: '{"id":"a"}' }, warns: 0 },
  'an outbox with entries of the wrong shape around a good one': {
    stored: {
      [keys.outbox]: JSON.stringify([null, 1, 'x', { id: 'a', seq: 1, event: 'no data' }, leftover(2), []]),
    },
    warns: 1,
    delivered: ['old:2'],
  },
  'an outbox entry whose seq is above 2^53': {
    stored: { [keys.outbox]: JSON.stringify([{ ...leftover(1), seq: 2 ** 60 }, leftover(3)]) },
    warns: 1,
    delivered: ['old:3'],
    check: () => expect(received.stored.at(-1)!.seq).toBe(4),
  },
  'an outbox entry of 100 KB': {
    stored: { [keys.outbox]: JSON.stringify([leftover(1), { ...leftover(2), url: pad(100 * 1024) }]) },
    warns: 1,
    delivered: ['old:1'],
  },
  'dead letters that are not letters': { stored: { [keys.deadLetters]: '[null, 5, {"event": null}]' }, warns: 0 },
  'a next-attempt time far in the future': {
    stored: {
      [keys.outbox]: JSON.stringify([leftover(1)]),
      [keys.waits]: JSON.stringify({ [leftover(1).id]: { at: 8.64e15, rounds: 1 } }),
    },
    warns: 0,
    delivered: ['old:1'],
    check: () => expect(env.store.get(keys.waits)).toBeUndefined(),
  },
  'next-attempt times that are not times': {
    stored: {
      [keys.outbox]: JSON.stringify([leftover(1)]),
      [keys.waits]: JSON.stringify({ [leftover(1).id]: { at: 'soon', rounds: -1 }, __proto__: 5 }),
    },
    warns: 0,
    delivered: ['old:1'],
  },
  'everything at once': {
    stored: {
      [TOKEN_KEY]: hugeLiveToken,
      [DISTINCT_ID_KEY]: pad(300 * 1024),
      [keys.seq]: '9007199254740993',
      [keys.outbox]: JSON.stringify([{ ...leftover(1), seq: 1e300 }]),
      [keys.waits]: '"later"',
      [keys.deadLetters]: '{',
    },
    warns: 4,
  },
};

describe('corrupted stored state', () => {
  it.each(Object.entries(corpus))('starts afresh and delivers with %s', async (_, row) => {
    for (const [key, value] of Object.entries(row.stored)) env.store.set(key, value);
    const session = makeSession(env);
    await session.init();
    const id = session.track('new');
    await vi.advanceTimersByTimeAsync(1000);
    expect(session.status).toBe('ready');
    expect(received.refusals).toEqual([]);
    expect(received.stored.map((event) => event.event)).toEqual([...(row.delivered ?? []), 'new']);
    expect(received.stored.at(-1)!.id).toBe(id);
    expect(session.deadLetters()).toEqual([]);
    expect(env.lines.warn).toHaveLength(row.warns);
    row.check?.();
    // Nothing unusable is left behind for the next page.
    expect(env.store.get(TOKEN_KEY)!.length).toBeLessThan(1024);
    expect(env.store.get(DISTINCT_ID_KEY)!.length).toBeLessThanOrEqual(128);
    expect(Number.isSafeInteger(Number(env.store.get(keys.seq)))).toBe(true);
    session.dispose();
  });

  it('warns once and never sends an unusable token when storage will not let it be removed', async () => {
    env.store.set(TOKEN_KEY, hugeLiveToken);
    env.storage.removeItem = () => {
      throw new Error('SecurityError');
    };
    env.storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const session = makeSession(env);
    await session.init();
    for (let i = 0; i < 5; i++) session.track('new');
    await vi.advanceTimersByTimeAsync(1000);
    expect(received.refusals).toEqual([]);
    expect(received.stored).toHaveLength(5);
    expect(env.lines.warn).toEqual([expect.stringContaining('ignored an unusable stored token')]);
    session.dispose();
  });

  it('refuses to record an event too large to keep, without throwing', () => {
    const session = makeSession(env);
    expect(session.track('huge', { metadata: { blob: pad(100 * 1024) } })).toBeNull();
    expect(env.lines.error).toEqual([expect.stringContaining('Error tracking event huge')]);
    expect(env.store.get(keys.outbox)).toBeUndefined();
    session.dispose();
  });
});
