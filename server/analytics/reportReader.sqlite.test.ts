import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { reportSeedEvents } from './reportSeed.js';
import { openSqliteStore } from './sqliteStore.js';
import { openSqliteReader } from './sqliteReader.js';
import { TEST_NOW } from './testing/testServer.js';
import type { AnalyticsEvent } from './types.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const file = () => {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-reader-'));
  dirs.push(dir);
  return join(dir, 'analytics.sqlite');
};

it("reads a file's report on a worker thread, equal to counting the events on the service's own connection", async () => {
  const store = openSqliteStore(file());
  const events = reportSeedEvents('outdoor', TEST_NOW).map((event) => ({
    shopId: 'outdoor',
    visitorId: 'v1',
    event: event as unknown as AnalyticsEvent,
    receivedAt: new Date(TEST_NOW).toISOString(),
  }));
  await store.insertEvents(events);
  const [from, to] = ['2024-04-28T00:00:00.000Z', '2024-05-02T00:00:00.000Z'];
  const report = await store.report('outdoor', from, to);
  expect(report.positions).toHaveLength(5);
  expect(report).toEqual(await store.report('outdoor', from, to, { fromEvents: true }));
  await store.close();
});

it('answers a failed read with its error, and reads again afterwards', async () => {
  const path = file();
  const store = openSqliteStore(path);
  const reader = openSqliteReader(path);
  await expect(reader.all(['SELECT * FROM no_such_table'], {})).rejects.toThrow(/no such table/);
  expect(await reader.all(['SELECT count(*) AS n FROM events'], {})).toEqual([[{ n: 0 }]]);
  await reader.close();
  await store.close();
});
