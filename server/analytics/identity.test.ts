import { decodeProtectedHeader, jwtVerify, SignJWT, UnsecuredJWT } from 'jose';
import { validate as isUuid, version as uuidVersion } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService, type TestService } from './testing/testServer.js';

const SECRET = 'identity-test-secret-that-is-long-enough-for-hs256';
const key = new TextEncoder().encode(SECRET);
let svc: TestService;
afterEach(() => svc.stop());

describe('POST /v3/identity', () => {
  it('issues an HS256 token that verifies with the secret and carries sub, shop_id, iat and exp', async () => {
    const start = Date.UTC(2024, 4, 1, 10, 0, 0);
    svc = await startTestService({ secret: SECRET, tokenTtlSeconds: 900, now: () => start });
    const { status, body } = await svc.call('/v3/identity', {
      json: { shop_id: 'outdoor', distinct_id: 'visitor-1', metadata: { screen_width: 1280, user_agent: 'test' } },
    });
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['id']);
    expect(decodeProtectedHeader(body.id).alg).toBe('HS256');
    const { payload } = await jwtVerify(body.id, key, { currentDate: new Date(start) });
    expect(payload).toMatchObject({ sub: 'visitor-1', shop_id: 'outdoor', iat: start / 1000, exp: start / 1000 + 900 });
  });

  it('keeps the sub of a valid bearer token for the same shop, whatever distinct_id says', async () => {
    svc = await startTestService();
    const first = await svc.identify('outdoor', 'visitor-1');
    const { body } = await svc.call('/v3/identity', {
      token: first,
      json: { shop_id: 'outdoor', distinct_id: 'someone-else' },
    });
    const { body: claims } = await svc.call('/v3/identity', { token: body.id });
    expect(claims.sub).toBe('visitor-1');
  });

  it('ignores a bearer token issued for another shop and uses distinct_id instead', async () => {
    svc = await startTestService();
    const other = await svc.identify('garden', 'visitor-1');
    const { body } = await svc.call('/v3/identity', {
      token: other,
      json: { shop_id: 'outdoor', distinct_id: 'visitor-2' },
    });
    const { body: claims } = await svc.call('/v3/identity', { token: body.id });
    expect(claims).toMatchObject({ sub: 'visitor-2', shop_id: 'outdoor' });
  });

  it('ignores an unverifiable bearer token rather than refusing the request', async () => {
    svc = await startTestService();
    const { status, body } = await svc.call('/v3/identity', {
      token: 'not.a.jwt',
      json: { shop_id: 'outdoor', distinct_id: 'v-9' },
    });
    expect(status).toBe(200);
    expect((await svc.call('/v3/identity', { token: body.id })).body.sub).toBe('v-9');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['too long', 'x'.repeat(101)],
    ['not a string', 42],
  ])('mints a new UUID v4 sub when distinct_id is %s', async (_label, distinctId) => {
    svc = await startTestService();
    const { body } = await svc.call('/v3/identity', { json: { shop_id: 'outdoor', distinct_id: distinctId } });
    const { body: claims } = await svc.call('/v3/identity', { token: body.id });
    expect(isUuid(claims.sub)).toBe(true);
    expect(uuidVersion(claims.sub)).toBe(4);
  });
});

describe('GET /v3/identity', () => {
  it('answers the bearer token claims', async () => {
    svc = await startTestService({ tokenTtlSeconds: 60, now: () => 1_700_000_000_000 });
    const token = await svc.identify('outdoor', 'visitor-1');
    const { status, body } = await svc.call('/v3/identity', { token });
    expect(status).toBe(200);
    expect(body).toEqual({ sub: 'visitor-1', shop_id: 'outdoor', exp: 1_700_000_060 });
  });

  it('answers 401 without a token, with a garbage token, and with tokens signed otherwise', async () => {
    svc = await startTestService({ secret: SECRET });
    const foreign = await new SignJWT({ shop_id: 'outdoor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('v')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough-1234'));
    const unsigned = new UnsecuredJWT({ shop_id: 'outdoor', sub: 'v' }).setIssuedAt().setExpirationTime('1h').encode();
    for (const token of [undefined, 'garbage', foreign, unsigned]) {
      const { status, body } = await svc.call('/v3/identity', { token });
      expect(status).toBe(401);
      expect(body.error).toMatch(/token/);
    }
  });
});

describe('token expiry', () => {
  it('accepts a token until its exp and answers 401 "token expired" from then on', async () => {
    let clock = Date.UTC(2024, 4, 1, 10);
    svc = await startTestService({ tokenTtlSeconds: 1, now: () => clock });
    const token = await svc.identify('outdoor', 'visitor-1');
    clock += 999;
    expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
    clock += 1;
    for (const path of ['/v3/identity', '/v3/event']) {
      const init = path === '/v3/event' ? { token, json: sampleEvent() } : { token };
      const { status, body } = await svc.call(path, init);
      expect(status).toBe(401);
      expect(body.error).toBe('token expired');
    }
  });

  it('does not reuse the sub of an expired token when a new identity is requested', async () => {
    let clock = Date.UTC(2024, 4, 1);
    svc = await startTestService({ tokenTtlSeconds: 1, now: () => clock });
    const expired = await svc.identify('outdoor', 'visitor-1');
    clock += 5000;
    const { body } = await svc.call('/v3/identity', {
      token: expired,
      json: { shop_id: 'outdoor', distinct_id: 'visitor-2' },
    });
    expect((await svc.call('/v3/identity', { token: body.id })).body.sub).toBe('visitor-2');
  });
});
