import { describe, expect, it, vi } from 'vitest';
import { validate, version } from 'uuid';
import { fakeEnv, testContext } from '../testing/stores.js';
import { PageConsent } from '../core/consent.js';
import { outboxKeys } from './outbox.js';
import { eventId, recordVisitNow } from './visitNow.js';

const visit = { routeName: 'dlp', url: 'http://shop.test/maple/dresses', redirectedFrom: null };
const withAnalytics = () => testContext({ analyticsHost: 'http://analytics.test' });
const stored = (env: ReturnType<typeof fakeEnv>) =>
  JSON.parse(env.store.get(outboxKeys('maple').outbox) ?? '[]') as Array<Record<string, unknown>>;

describe('the first visit is on record the moment Aisle mounts', () => {
  it('is written to the shop outbox at once, as the session would have sent it', () => {
    const env = fakeEnv();
    const id = recordVisitNow({ env, context: withAnalytics(), locale: 'en', region: 'us' }, visit);
    const [event] = stored(env);
    expect(event).toMatchObject({
      id,
      seq: 1,
      event: 'navigate:visit_page',
      url: visit.url,
      environment: 'development',
      data: {
        page_type: 'dlp',
        page_title: 'Dresses | Maple',
        metadata: { redirected_from: null, config_id: 'maple', locale: 'en', region: 'us' },
      },
    });
    expect(env.store.get(outboxKeys('maple').seq)).toBe('1');
  });

  it('takes the next sequence number after what the shop already holds', () => {
    const env = fakeEnv();
    env.store.set(outboxKeys('maple').seq, '41');
    recordVisitNow({ env, context: withAnalytics(), locale: 'en', region: 'us' }, visit);
    expect(stored(env)[0]!.seq).toBe(42);
  });

  it('writes nothing before consent where the tenant requires it', () => {
    const env = fakeEnv();
    const consent = new PageConsent(false);
    env.consent = consent;
    const context = testContext({ analyticsHost: 'http://analytics.test', consent: { us: 'required' } });
    expect(recordVisitNow({ env, context, locale: 'en', region: 'us' }, visit)).toBeNull();
    expect(env.store.size).toBe(0);
    consent.set({ analytics: true });
    expect(recordVisitNow({ env, context, locale: 'en', region: 'us' }, visit)).not.toBeNull();
  });

  it('claims nothing when storage refuses the write, or when the page has no analytics', () => {
    const env = fakeEnv();
    env.storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    expect(recordVisitNow({ env, context: withAnalytics(), locale: 'en', region: 'us' }, visit)).toBeNull();
    const quiet = fakeEnv();
    expect(recordVisitNow({ env: quiet, context: testContext(), locale: 'en', region: 'us' }, visit)).toBeNull();
    expect(quiet.store.size).toBe(0);
  });
});

describe('writing straight to the stored outbox', () => {
  const record = (env: ReturnType<typeof fakeEnv>) =>
    recordVisitNow({ env, context: withAnalytics(), locale: 'en', region: 'us' }, visit);

  it('numbers the event after the highest one stored when the counter is behind, and keeps what is stored', () => {
    const env = fakeEnv();
    env.store.set(outboxKeys('maple').seq, '3');
    env.store.set(outboxKeys('maple').outbox, JSON.stringify([{ id: 'other-tab', seq: 9 }]));
    record(env);
    expect(stored(env).map((e) => e.seq)).toEqual([9, 10]);
    expect(env.store.get(outboxKeys('maple').seq)).toBe('10');
  });

  it('replaces a corrupt stored outbox, but never one it could not read', () => {
    const env = fakeEnv();
    env.store.set(outboxKeys('maple').outbox, '[{"id": ');
    expect(record(env)).not.toBeNull();
    expect(stored(env)).toHaveLength(1);

    const unreadable = fakeEnv();
    unreadable.storage.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    const write = vi.spyOn(unreadable.storage, 'setItem');
    expect(record(unreadable)).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('gives version-4 UUIDs, the browser’s own or made from its random bytes', () => {
    expect(version(eventId())).toBe(4);
    // Outside a secure context (a shop served over plain http) the browser has no randomUUID.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const made = eventId();
      expect(validate(made) && version(made)).toBe(4);
    } finally {
      delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
