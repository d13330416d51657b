import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_COMMANDS } from './privacyCli.js';
import type { AnalyticsStore } from './store.js';
import { openIsolatedStore, sampleEvent } from './testing/testServer.js';
import type { AnalyticsEvent } from './types.js';

let store: AnalyticsStore;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ store, close } = await openIsolatedStore());
  const at = new Date().toISOString();
  for (const visitorId of ['ann', 'ann', 'bob']) {
    const event = sampleEvent({ timestamp: at }) as unknown as AnalyticsEvent;
    await store.insertEvents([{ shopId: 'outdoor', visitorId, event, receivedAt: at }]);
  }
  await store.recordIdentity('outdoor', 'ann', { user_agent: 'test' }, at);
});
afterEach(async () => {
  await close();
});

describe('npm run analytics:admin: shoppers’ rights', () => {
  it('export-visitor prints the visitor’s events and identity; erase-visitor removes them; both are audited', async () => {
    const exported = JSON.parse(await PRIVACY_COMMANDS['export-visitor']!(store, ['outdoor', 'ann', 'DSR-9']));
    expect(exported.events).toHaveLength(2);
    expect(exported.identity.metadata).toEqual({ user_agent: 'test' });
    expect(await PRIVACY_COMMANDS['erase-visitor']!(store, ['outdoor', 'ann'])).toMatch(
      /^erased 2 events and 1 identities/,
    );
    expect((await store.list({ shopId: 'outdoor' })).map((e) => e.visitor_id)).toEqual(['bob']);
    const log = (await PRIVACY_COMMANDS['audit-log']!(store, [])).split('\n').map((line) => JSON.parse(line));
    expect(log.map((entry) => [entry.action, entry.actor, entry.reference])).toEqual([
      ['erase', 'cli', null],
      ['export', 'cli', 'DSR-9'],
    ]);
  });

  it.each([
    [['outdoor'], 'visitor id must be'],
    [['', 'ann'], 'shop_id'],
    [['outdoor', 'ann', 'ann@example.com'], 'reference must be'],
  ])('refuses %j, saying why, and erases nothing', async (args, error) => {
    await expect(PRIVACY_COMMANDS['erase-visitor']!(store, args)).rejects.toThrow(error);
    expect(await store.list({ shopId: 'outdoor' })).toHaveLength(3);
  });
});
