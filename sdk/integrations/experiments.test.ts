import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../stores/RootStore.js';
import { fakeEnv, testContext, type FakeEnv } from '../testing/stores.js';
import { startExperiments, type ExperimentEvent } from './experiments.js';

const features = {
  'campaign-banner': { defaultValue: false, rules: [{ condition: { campaign: { $exists: true } }, force: true }] },
  'grid-density': {
    defaultValue: 'comfortable',
    rules: [{ key: 'grid-density', variations: ['comfortable', 'compact'], weights: [0.5, 0.5], hashAttribute: 'id' }],
  },
};

function setup(campaign: string | null = 'maple-autumn') {
  const env = fakeEnv('http://shop.test/maple/dresses?utm=1');
  env.store.set('analytics-token-distinct-id', 'visitor-1');
  env.reply(({ url }) =>
    url.includes('/api/features/') ? { status: 200, json: { status: 200, features } } : { status: 202 },
  );
  const context = testContext({}, { additional: campaign ? { campaign } : {} });
  const root = new RootStore(env, context, 1280);
  return { env, root };
}

const events = (env: FakeEnv) =>
  env.requests.filter((r) => r.url.endsWith('/track')).map((r) => r.init.body as ExperimentEvent);
// The client's requests and timers run on fake time: a settled client is one 10 ms on.
const settle = () => vi.advanceTimersByTimeAsync(10);
const options = { clientKey: 'sdk-maple', apiHost: 'http://stack.test/integrations/growthbook/' };

describe('the experiments client', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('starts with the tenant’s features and the page’s campaign, and fills the flags', async () => {
    const { env, root } = setup();
    expect(root.flags.value('campaign-banner', false)).toBe(false);
    const stop = startExperiments(root, options);
    await settle();
    const featuresRequest = env.requests[0]!;
    expect(featuresRequest.url).toBe('http://stack.test/integrations/growthbook/api/features/sdk-maple');
    expect(featuresRequest.init.credentials).toBe('omit');
    expect(root.flags.value('campaign-banner', false)).toBe(true);
    expect(root.flags.value('campaign-banner', 'wrong kind')).toBe('wrong kind');
    expect(root.flags.value('unknown', 7)).toBe(7);
    stop();
    expect(root.flags.value('campaign-banner', false)).toBe(false);
  });

  it('records the campaign impression once per page view, with no identifiers or query', async () => {
    const { env, root } = setup();
    startExperiments(root, options);
    await settle();
    root.flags.value('campaign-banner', false);
    root.flags.value('campaign-banner', false);
    await settle();
    const impressions = events(env).filter((e) => e.event === 'campaign_impression');
    expect(impressions).toEqual([
      {
        event: 'campaign_impression',
        properties: { campaign: 'maple-autumn', page_type: 'dlp' },
        url: 'http://shop.test/maple/dresses',
      },
    ]);
    const trackRequest = env.requests.find((r) => r.url.endsWith('/track'))!;
    expect(trackRequest.init.params).toEqual({ client_key: 'sdk-maple' });
    expect(JSON.stringify(events(env))).not.toContain('visitor-1');
  });

  it('reports an experiment exposure once, however often the flag is read', async () => {
    const { env, root } = setup();
    startExperiments(root, options);
    await settle();
    for (let i = 0; i < 3; i++) root.flags.value('grid-density', 'comfortable');
    await settle();
    const viewed = events(env).filter((e) => e.event === 'experiment_viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.properties).toMatchObject({ experiment_id: 'grid-density', campaign: 'maple-autumn' });
  });

  it('without a campaign there is no impression', async () => {
    const { env, root } = setup(null);
    startExperiments(root, options);
    await settle();
    expect(events(env)).toEqual([]);
  });

  it('a refused features endpoint leaves the flags at their fallbacks, quietly', async () => {
    const { env, root } = setup();
    env.reply(() => new TypeError('Failed to fetch'));
    startExperiments(root, options);
    await settle();
    expect(root.flags.value('campaign-banner', false)).toBe(false);
    expect(env.lines.error).toEqual([]);
  });
});
