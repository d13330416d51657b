import { describe, expect, it } from 'vitest';
import { authRetryDelay, backoffDelay, classifyStatus, DEFAULT_RETRY, retryAfterMs, retryDelay } from './backoff.js';
import { decodeToken, isLive, MAX_TOKEN_LENGTH, parseTokenOrThrow } from './token.js';
import { fakeToken } from '../testing/analytics.js';

describe('classifyStatus', () => {
  it.each([
    [202, 'acknowledged'],
    [401, 'unauthorized'],
    [408, 'transient'],
    [429, 'transient'],
    [500, 'transient'],
    [503, 'transient'],
    [400, 'terminal'],
    [404, 'terminal'],
    [422, 'terminal'],
    [200, 'terminal'],
  ])('%i is %s', (status, outcome) => expect(classifyStatus(status)).toBe(outcome));
});

describe('back-off', () => {
  it('grows by the factor from the base up to the cap, scaled by the jitter', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => backoffDelay(n, DEFAULT_RETRY, () => 0.999999));
    expect(ceilings).toEqual([999, 1999, 3999, 7999, 15_999, 31_999, 59_999, 59_999]);
    expect(backoffDelay(5, DEFAULT_RETRY, () => 0)).toBe(0);
    expect(backoffDelay(3, { baseMs: 10, capMs: 25 }, () => 0.5)).toBe(12);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-03-01T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('1.5', now)).toBe(1500);
    expect(retryAfterMs('Sat, 01 Mar 2025 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Sat, 01 Mar 2025 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });

  it('waits at least 30 s after a refused round, doubling up to 10 minutes, with up to a tenth more', () => {
    const low = [1, 2, 3, 4, 5, 6, 7].map((n) => authRetryDelay(n, () => 0));
    expect(low).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 600_000, 600_000]);
    const high = [1, 2, 4, 5, 6].map((n) => authRetryDelay(n, () => 0.999999));
    expect(high).toEqual([32_999, 65_999, 263_999, 528_000 - 1, 600_000]);
    expect(authRetryDelay(1000, () => 0.5)).toBe(600_000);
  });

  it('uses Retry-After only when it is longer than the jittered delay', () => {
    expect(retryDelay(1, DEFAULT_RETRY, () => 0.5, '3', 0)).toBe(3000);
    expect(retryDelay(4, DEFAULT_RETRY, () => 0.5, '3', 0)).toBe(4000);
  });
});

describe('token', () => {
  it('decodes the payload of a JWT, base64url and UTF-8 included', () => {
    const token = fakeToken({ sub: 'vis/itor+é??>>', shop_id: 'maple', exp: 10 });
    expect(token.split('.')[1]).toMatch(/_/); // a character plain base64 would spell '/'
    expect(decodeToken(token)).toEqual({ sub: 'vis/itor+é??>>', shop_id: 'maple', exp: 10 });
  });

  it('refuses a token longer than 8 KB or with claims of the wrong types', () => {
    const claims = { sub: 'v', exp: 10 };
    const padded = (length: number) => fakeToken({ ...claims, pad: 'x'.repeat(length) });
    let n = 0;
    while (padded(n + 1).length <= MAX_TOKEN_LENGTH) n += 1;
    expect(padded(n).length).toBeGreaterThan(MAX_TOKEN_LENGTH - 4);
    expect(decodeToken(padded(n))).toMatchObject(claims);
    expect(decodeToken(padded(n + 1))).toBeNull();
    expect(decodeToken(fakeToken({ sub: 'x'.repeat(129), exp: 10 }))).toBeNull();
    expect(decodeToken(fakeToken({ sub: 'two words', exp: 10 }))).toBeNull();
    expect(decodeToken(fakeToken({ sub: 'v', exp: '10' }))).toBeNull();
    expect(decodeToken(fakeToken({ sub: 'v', shop_id: 7 }))).toBeNull();
    expect(decodeToken(`${fakeToken(claims)} `)).toBeNull();
  });

  it.each([undefined, '', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('[1]')}.y`, `x.${btoa('null')}.y`])(
    'refuses %s',
    (token) => {
      expect(decodeToken(token)).toBeNull();
      expect(() => parseTokenOrThrow(token)).toThrow('Could not parse token');
    },
  );

  it('is live only while exp is later than now in seconds', () => {
    expect(isLive({ exp: 101 }, 100_999)).toBe(true);
    expect(isLive({ exp: 100 }, 100_999)).toBe(false);
    expect(isLive({}, 0)).toBe(false);
    expect(isLive(null, 0)).toBe(false);
  });
});
