import { describe, expect, it } from 'vitest';
import { fakeEnv, testContext } from '../stores/testing.js';
import { outboxKeys } from './outbox.js';
import { recordVisitNow } from './visitNow.js';

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
