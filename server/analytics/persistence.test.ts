import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleEvent, startTestService } from './testServer.js';

const SECRET = 'persistence-test-secret-long-enough-for-hs256';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'aisle-analytics-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('file storage', () => {
  it('keeps events, identities and de-duplication across service instances', async () => {
    const dbPath = join(dir, 'nested', 'analytics.sqlite');
    const first = await startTestService({ dbPath, secret: SECRET });
    const token = await first.identify('outdoor', 'visitor-1');
    const event = sampleEvent();
    await first.call('/v3/event', { token, json: event });
    await first.stop();

    const second = await startTestService({ dbPath, secret: SECRET });
    try {
      expect(second.service.stored('outdoor')).toEqual([
        expect.objectContaining({ id: event.id, visitor_id: 'visitor-1' }),
      ]);
      expect((await second.call('/v3/event', { token, json: event })).body).toEqual({ id: event.id, duplicate: true });
      const next = sampleEvent({ seq: 1 });
      await second.call('/v3/event', { token, json: next });
      expect(second.service.stored().map((stored) => stored.id)).toEqual([event.id, next.id]);
    } finally {
      await second.stop();
    }

    const db = new Database(dbPath, { readonly: true });
    const identities = db.prepare('SELECT shop_id, sub, first_seen, last_seen FROM identities').all();
    db.close();
    expect(identities).toEqual([expect.objectContaining({ shop_id: 'outdoor', sub: 'visitor-1' })]);
  });
});
