import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, parseOrigins } from './config.js';
import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { createAnalyticsService } from './service.js';
import { createTokenIssuer, DEV_ANALYTICS_SECRET } from './tokens.js';

const SECRET = 'a-production-secret-of-at-least-32-characters';
const OLD = 'the-previous-production-secret-32-characters';
const NOW = Date.parse('2026-11-25T12:00:00Z');

describe('keys outside development', () => {
  it.each(['production', 'staging', 'qa', 'test'])(
    'refuses to start with NODE_ENV=%s and no ANALYTICS_SECRET, in one line',
    (env) => {
      const start = () => createAnalyticsService({ dbPath: ':memory:', env: { NODE_ENV: env } });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(`ANALYTICS_SECRET is not set and NODE_ENV is ${env}`);
    },
  );

  it('refuses the published development key, as secret or as admin key, in production', () => {
    expect(() => configFromEnv({ NODE_ENV: 'production', ANALYTICS_SECRET: DEV_ANALYTICS_SECRET })).toThrow(
      ConfigError,
    );
    expect(() =>
      configFromEnv({ NODE_ENV: 'production', ANALYTICS_SECRET: SECRET, ANALYTICS_ADMIN_KEY: DEV_ANALYTICS_ADMIN_KEY }),
    ).toThrow(ConfigError);
  });

  it('gives production no admin key unless one is set, and development (asked for explicitly) the local one', () => {
    expect(configFromEnv({ NODE_ENV: 'production', ANALYTICS_SECRET: SECRET }).adminKey).toBeUndefined();
    expect(configFromEnv({ ANALYTICS_SECRET: SECRET }).adminKey).toBeUndefined();
    expect(configFromEnv({ NODE_ENV: 'development' }).adminKey).toBe(DEV_ANALYTICS_ADMIN_KEY);
    expect(configFromEnv({ NODE_ENV: 'development' }).signingKeys[0]!.secret).toBe(DEV_ANALYTICS_SECRET);
    // The local stack and the tests ask in code, whatever NODE_ENV says.
    expect(configFromEnv({ NODE_ENV: 'test' }, new Date(NOW), true).adminKey).toBe(DEV_ANALYTICS_ADMIN_KEY);
  });

  it.each<[string, NodeJS.ProcessEnv, string]>([
    [
      'unset NODE_ENV and no secret',
      {},
      'ANALYTICS_SECRET is not set and NODE_ENV is unset, which counts as production',
    ],
    [
      'unset NODE_ENV and the published keys',
      { ANALYTICS_SECRET: DEV_ANALYTICS_SECRET, ANALYTICS_ADMIN_KEY: DEV_ANALYTICS_ADMIN_KEY },
      'ANALYTICS_SECRET holds a published development key and NODE_ENV is unset',
    ],
    [
      'NODE_ENV=test and the published admin key',
      { NODE_ENV: 'test', ANALYTICS_SECRET: SECRET, ANALYTICS_ADMIN_KEY: DEV_ANALYTICS_ADMIN_KEY },
      'ANALYTICS_ADMIN_KEY holds a published development key and NODE_ENV is test',
    ],
    [
      'the published signing key kept as a previous key',
      {
        NODE_ENV: 'production',
        ANALYTICS_SECRET: SECRET,
        ANALYTICS_PREVIOUS_SECRETS: `${DEV_ANALYTICS_SECRET}@2027-01-01`,
      },
      'ANALYTICS_PREVIOUS_SECRETS holds a published development key',
    ],
    [
      'a short secret',
      { NODE_ENV: 'production', ANALYTICS_SECRET: 'short-secret' },
      'ANALYTICS_SECRET holds a key of 12 characters: set it to a random key of at least 32 characters',
    ],
    [
      'a short previous secret',
      { NODE_ENV: 'production', ANALYTICS_SECRET: SECRET, ANALYTICS_PREVIOUS_SECRETS: 'old@2027-01-01' },
      'ANALYTICS_PREVIOUS_SECRETS holds a key of 3 characters',
    ],
    [
      'a short admin key, even in development',
      { NODE_ENV: 'development', ANALYTICS_ADMIN_KEY: 'admin' },
      'ANALYTICS_ADMIN_KEY holds a key of 5 characters',
    ],
  ])('refuses %s with one line saying what to set', (_label, env, message) => {
    const start = () => configFromEnv(env, new Date(NOW));
    expect(start).toThrow(ConfigError);
    expect(start).toThrow(message);
    try {
      start();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads previous keys with their end dates and drops those already past', () => {
    const config = configFromEnv(
      {
        NODE_ENV: 'production',
        ANALYTICS_SECRET: SECRET,
        ANALYTICS_PREVIOUS_SECRETS: `${OLD}@2026-12-01T00:00:00Z, gone-secret-of-32-characters-or-more@2026-01-01`,
      },
      new Date(NOW),
    );
    expect(config.signingKeys).toEqual([
      { secret: SECRET, until: null },
      { secret: OLD, until: Date.parse('2026-12-01T00:00:00Z') },
    ]);
    expect(() => configFromEnv({ NODE_ENV: 'development', ANALYTICS_PREVIOUS_SECRETS: OLD }, new Date(NOW))).toThrow(
      'ANALYTICS_PREVIOUS_SECRETS entries must be key@ISO-date',
    );
  });

  it('accepts origins only as scheme, host and port', () => {
    expect(parseOrigins('https://Shop.Example, http://127.0.0.1:8080  https://shop.example:443/')).toEqual([
      'https://shop.example',
      'http://127.0.0.1:8080',
      'https://shop.example',
    ]);
    for (const bad of [
      'shop.example',
      'https://shop.example/path',
      'https://u:p@shop.example',
      'javascript:alert(1)',
      '*',
    ])
      expect(() => parseOrigins(bad), bad).toThrow(ConfigError);
  });
});

describe('token keys and times', () => {
  it('keeps verifying tokens of the previous key until its date, then refuses them', async () => {
    let clock = NOW;
    const before = createTokenIssuer([{ secret: OLD, until: null }], 3600, () => clock);
    const token = await before.issue('visitor-1', 'outdoor');
    const after = createTokenIssuer(
      [
        { secret: SECRET, until: null },
        { secret: OLD, until: NOW + 60_000 },
      ],
      3600,
      () => clock,
    );
    expect(await after.verify(token)).toMatchObject({ ok: true, claims: { sub: 'visitor-1' } });
    clock = NOW + 60_000;
    expect(await after.verify(token)).toEqual({ ok: false, error: 'token is invalid' });
    // New tokens are signed with the current key only.
    const fresh = await after.issue('visitor-2', 'outdoor');
    expect(await createTokenIssuer([{ secret: SECRET, until: null }], 3600, () => clock).verify(fresh)).toMatchObject({
      ok: true,
    });
  });

  it('refuses a token issued in the future beyond a minute of clock skew', async () => {
    const issuer = createTokenIssuer([{ secret: SECRET, until: null }], 3600, () => NOW);
    const signed = (iat: number) =>
      new SignJWT({ shop_id: 'outdoor' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('v')
        .setIssuedAt(iat)
        .setExpirationTime(iat + 365 * 86_400)
        .sign(new TextEncoder().encode(SECRET));
    const nowSeconds = NOW / 1000;
    expect(await issuer.verify(await signed(nowSeconds + 365 * 86_400))).toEqual({
      ok: false,
      error: 'token is issued in the future',
    });
    expect(await issuer.verify(await signed(nowSeconds + 30))).toMatchObject({ ok: true });
  });

  it('refuses a 10-year token signed with the development key when the service has its own', async () => {
    const forged = await new SignJWT({ shop_id: 'outdoor' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('attacker')
      .setIssuedAt(NOW / 1000)
      .setExpirationTime(NOW / 1000 + 10 * 365 * 86_400)
      .sign(new TextEncoder().encode(DEV_ANALYTICS_SECRET));
    const issuer = createTokenIssuer(
      configFromEnv({ NODE_ENV: 'production', ANALYTICS_SECRET: SECRET }).signingKeys,
      3600,
      () => NOW,
    );
    expect(await issuer.verify(forged)).toEqual({ ok: false, error: 'token is invalid' });
  });
});
