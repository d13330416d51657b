import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privateSentryCarrier } from './sentryCarrier.js';

const load = (id: string) => (privateSentryCarrier.load as (id: string) => { code: string } | null)(id);
const carrierOfInstalledSentry = join(
  createRequire(import.meta.url)
    .resolve('@sentry/core')
    .replace(/build[\\/].*$/, ''),
  'build/esm/carrier.js',
);

describe("the build's private Sentry carrier", () => {
  it('replaces the installed @sentry/core carrier with one that never names the page global as its home', () => {
    const { code } = load(carrierOfInstalledSentry)!;
    expect(code).toContain('const GLOBAL_OBJ = {};');
    expect(code).toContain('carrier === PAGE ? GLOBAL_OBJ : carrier');
  });

  it('leaves every other module alone', () => {
    expect(load(join(carrierOfInstalledSentry, '..', 'scope.js'))).toBeNull();
  });

  it('stops the build when a new @sentry/core exports something else from it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'aisle-sentry-')), '@sentry/core/build/esm');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'carrier.js'), 'export { getMainCarrier, somethingNew };');
    expect(() => load(join(dir, 'carrier.js'))).toThrow(/review the replacement/);
  });
});
