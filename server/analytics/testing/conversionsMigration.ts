/**
 * The migration that brought conversions (SQLite schema 4, PostgreSQL migration 5), tried on a
 * database of the version before: the stored purchases are counted and credited in the report, and
 * their orders are de-duplicated from then on. Each store's test file takes the database back to its
 * earlier version in its own SQL and calls these.
 */
import { expect } from 'vitest';
import { sampleEvent, TEST_NOW, type TestService } from './testServer.js';
import { ADMIN_KEY } from './testServer.js';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

/** The purchase of order A-1, an hour after its product's click. */
export const orderA1 = () =>
  sampleEvent({
    event: 'ecommerce:purchase',
    timestamp: at(TEST_NOW - HOUR),
    data: { metadata: { items: [{ product_id: 'b1', quantity: 2, price: 10 }], currency: 'EUR', order_id: 'A-1' } },
  });

/** Stores a visitor's click on b1 and the purchase of order A-1. */
export async function storeOrder(svc: TestService): Promise<void> {
  const token = await svc.identify('outdoor', 'v1');
  const click = sampleEvent({
    event: 'ecommerce:product_click',
    timestamp: at(TEST_NOW - 2 * HOUR),
    data: { metadata: { list_name: 'search_results', list_position: 2, product_id: 'b1' } },
  });
  const answer = await svc.call('/v3/batch', { token, json: { events: [click, orderA1()] } });
  expect(answer.status).toBe(202);
}

/** After the migration: the order is in the report, credited to its click, and stored once from now on. */
export async function expectOrderMigrated(svc: TestService): Promise<void> {
  const period = `from=${at(TEST_NOW - 24 * HOUR)}&to=${at(TEST_NOW)}&min_sample=1`;
  const report = await svc.call(`/v3/report?shop_id=outdoor&${period}`, { token: ADMIN_KEY });
  expect(report.body.sales).toMatchObject({ conversions: 1, revenue: 20, attributedRevenue: 20 });
  expect(report.body.listings[0]).toMatchObject({ listing: '/outdoor/boots', conversions: 1, revenue: 20 });
  const token = await svc.identify('outdoor', 'v1');
  expect((await svc.call('/v3/event', { token, json: orderA1() })).body).toMatchObject({ duplicate: true });
}
