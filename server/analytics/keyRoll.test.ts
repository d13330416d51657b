import { afterEach, describe, expect, it } from 'vitest';
import { KEY_ANNOUNCE_MS } from './keyRoll.js';
import { sampleEvent, sharedDatabase, startTestService, TEST_NOW, type TestService } from './testing/testServer.js';
import { createTokenIssuer } from './tokens.js';

const OLD = 'the-signing-key-every-process-had-until-today';
const NEW = 'the-signing-key-rolled-out-one-process-at-a-time';
let clock = TEST_NOW;
let services: TestService[] = [];
let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  for (const service of services) await service.stop();
  await drop?.();
  services = [];
  clock = TEST_NOW;
});

async function process(database: object, keys: 'old' | 'new'): Promise<TestService> {
  const until = new Date(TEST_NOW + 2 * 86_400_000).toISOString();
  const env =
    keys === 'old'
      ? { ANALYTICS_SECRET: OLD }
      : { ANALYTICS_SECRET: NEW, ANALYTICS_PREVIOUS_SECRETS: `${OLD}@${until}` };
  const service = await startTestService({ ...database, env, now: () => clock });
  services.push(service);
  return service;
}

/** Status of one event sent to `to` with a token `from` issued. */
async function send(from: TestService, to: TestService): Promise<number> {
  const token = await from.identify('outdoor');
  return (await to.call('/v3/event', { token, json: sampleEvent() })).status;
}

describe('rolling a new signing key across processes one at a time', () => {
  it('causes no 401: a process signs with the new key only once every process verifies it', async () => {
    const shared = await sharedDatabase();
    drop = shared.drop;
    const database = shared.options;
    const first = await process(database, 'old');
    const second = await process(database, 'old');
    // The first process is restarted with the new key; the second has not been yet.
    await first.stop();
    const rolled = await process(database, 'new');
    expect(await send(rolled, second)).toBe(202);
    expect(await send(second, rolled)).toBe(202);
    const stillOld = await rolled.identify('outdoor');
    expect(await createTokenIssuer([{ secret: OLD, until: null }], 3600, () => clock).verify(stillOld)).toMatchObject({
      ok: true,
    });

    // The second process is restarted with the new key too: from the next look, the new key signs.
    const oldToken = await second.identify('outdoor');
    await second.stop();
    const last = await process(database, 'new');
    clock += KEY_ANNOUNCE_MS;
    const fresh = await rolled.identify('outdoor');
    expect(await createTokenIssuer([{ secret: NEW, until: null }], 3600, () => clock).verify(fresh)).toMatchObject({
      ok: true,
    });
    expect(await send(rolled, last)).toBe(202);
    expect(await send(last, rolled)).toBe(202);
    // Tokens signed before the roll are still accepted everywhere, under the previous key.
    for (const service of [rolled, last])
      expect((await service.call('/v3/event', { token: oldToken, json: sampleEvent() })).status).toBe(202);
  });
});
