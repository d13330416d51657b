import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENVELOPE,
  ENVELOPE_DATA,
  EVENT_CATALOGUE,
  GLOBAL_METADATA,
  validateEvent,
  type FieldSpec,
} from './catalogue.js';
import { buildEvent, displayResultsEvent, filterEvent, impressionsEvent, sortEvent, visitEvent } from './events.js';
import type { TrackInput } from './types.js';

const build = (input: TrackInput) =>
  buildEvent({
    id: '0f8c1d0e-7c53-4b6e-9d67-1f0f2b7a4c11',
    seq: 42,
    event: input.event,
    data: input.data,
    url: input.url ?? 'https://maple.example/maple/dresses',
    timestamp: '2025-03-01T12:00:00.000Z',
    environment: 'production',
    globalMetadata: { config_id: 'maple', locale: 'en_US', region: 'us', sdk_version: '1.0.0' },
  });

const click = () =>
  build({
    event: 'ecommerce:product_click',
    data: {
      metadata: {
        list_name: 'search_results',
        list_position: 1,
        product_id: 'p1',
        brand: 'Maple',
        name: 'Dress',
        price: 40,
        variant_id: 'v1',
        variant_name: 'Red',
        sale_price: null,
      },
    },
  });

describe('validateEvent', () => {
  it("accepts what the client's own builders record", () => {
    const events = [
      visitEvent({
        routeName: 'dlp',
        title: 'Dresses',
        referrer: '',
        redirectedFrom: null,
        url: 'https://m.example/a',
      }),
      filterEvent('add', { key: 'color', value: 'red' }),
      filterEvent('remove', { key: 'price', value: [10, 50] }),
      sortEvent('price_asc'),
      displayResultsEvent({
        filtersAppliedCount: 1,
        latencyMs: 12.5,
        pageNumber: 1,
        pageSize: 24,
        resultCount: 2,
        query: 'dresses',
        resultIds: ['p1:v1', 'p2:'],
        searchType: 'dlp',
      }),
    ].map(build);
    for (const event of [...events, click()]) expect(validateEvent(event), event.event).toEqual([]);
  });

  it('names every broken promise: zero-based positions, local times, bad ids and result ids', () => {
    const bad = click() as unknown as Record<string, unknown> & { data: { metadata: Record<string, unknown> } };
    bad.id = 'not-a-uuid';
    bad.timestamp = '2025-03-01 12:00';
    bad.data.metadata.list_position = 0;
    bad.data.metadata.list_name = 'carousel';
    delete bad.data.metadata.product_id;
    expect(validateEvent(bad)).toEqual([
      'id should be a UUID v4, not string "not-a-uuid"',
      'timestamp should be an ISO 8601 UTC time (e.g. 2025-03-01T12:00:00.000Z), not string "2025-03-01 12:00"',
      'data.metadata.list_name should be one of search_results, similar_products, not string "carousel"',
      'data.metadata.list_position should be one-based (1 or more), not number 0',
      'data.metadata.product_id is missing',
    ]);
    const results = build(
      displayResultsEvent({
        filtersAppliedCount: 0,
        latencyMs: 1,
        pageNumber: 1,
        pageSize: 24,
        resultCount: 1,
        query: 'q',
        resultIds: ['p1'],
        searchType: 'dlp',
      }),
    );
    expect(validateEvent(results)).toEqual([
      'data.metadata.result_ids should be productId:variantId for every product, not an array',
    ]);
  });

  it('checks each seen card of an impressions batch', () => {
    const batch = (items: Array<{ productId: string; position: number; page: number }>) =>
      build(
        impressionsEvent({
          listName: 'search_results',
          listingViewId: '0f8c1d0e-7c53-4b6e-9d67-1f0f2b7a4c11',
          resultSet: 'dresses?color=red',
          items,
        }),
      );
    expect(validateEvent(batch([{ productId: 'p1', position: 1, page: 1 }]))).toEqual([]);
    expect(validateEvent(batch([{ productId: 'p1', position: 0, page: 1 }]))).toEqual([
      'data.metadata.products should be a non-empty list of { product_id, list_position, page_number } (positions and pages 1 or more), not an array',
    ]);
    expect(validateEvent(batch([]))).toHaveLength(1);
  });

  it('flags unknown events and never throws on anything', () => {
    expect(validateEvent({ ...click(), event: 'cart:add' })).toContain('"cart:add" is not an event of the catalogue');
    for (const junk of [null, 1, 'x', [], { data: 5 }, { data: { metadata: [] } }])
      expect(validateEvent(junk).length).toBeGreaterThan(0);
  });
});

/** The documentation's tables, read the way a reader does. */
const doc = readFileSync(new URL('../../docs/analytics-events.md', import.meta.url), 'utf8');
const ticks = (text: string): string[] => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
const cells = (line: string): string[] =>
  line
    .split('|')
    .slice(1, -1)
    .map((c) => c.trim());

/** The body rows of the table whose header row starts with `firstHeader`. */
function tableRows(firstHeader: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith('|') && cells(l)[0] === firstHeader);
  expect(start, `a table headed "${firstHeader}"`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (let i = start + 2; i < lines.length && lines[i]!.startsWith('|'); i++) rows.push(cells(lines[i]!));
  return rows;
}

const words = (fields: Readonly<Record<string, FieldSpec>>): string[] =>
  Object.values(fields).flatMap((f) => [...(f.values ?? []), ...(f.mentions ?? [])]);

describe('the catalogue and docs/analytics-events.md', () => {
  it('name the same envelope fields, data fields and environments', () => {
    const rows = tableRows('Field');
    expect(rows.map((r) => ticks(r[0]!)[0]).sort()).toEqual(Object.keys(ENVELOPE).sort());
    const dataRow = rows.find((r) => r[0] === '`data`')!;
    expect(ticks(dataRow[1]!).sort()).toEqual(Object.keys(ENVELOPE_DATA).sort());
    const environments = ticks(rows.find((r) => r[0] === '`environment`')![1]!);
    expect([...new Set(environments)].sort()).toEqual([...words({ environment: ENVELOPE.environment! })].sort());
  });

  it('name the same events, and each the same fields', () => {
    const rows = tableRows('Event');
    const documented = rows.flatMap((r) => ticks(r[0]!).map((name) => [name, ticks(r[2]!)] as const));
    expect(documented.map(([name]) => name).sort()).toEqual(Object.keys(EVENT_CATALOGUE).sort());
    for (const [name, tokens] of documented) {
      const spec = EVENT_CATALOGUE[name]!;
      const fields = [...Object.keys(spec.data), ...Object.keys(spec.metadata)];
      const named = tokens.map((t) => t.replace(/^metadata\./, ''));
      // Every documented word is a field of the event (or of the envelope), or a word for a value.
      const known = new Set([
        ...fields,
        ...Object.keys(ENVELOPE),
        'metadata',
        ...words(spec.data),
        ...words(spec.metadata),
      ]);
      expect(
        named.filter((t) => !known.has(t)),
        `${name}: documented but not in the catalogue`,
      ).toEqual([]);
      // Every field of the catalogue is documented.
      expect(
        fields.filter((f) => !named.includes(f)),
        `${name}: in the catalogue but not documented`,
      ).toEqual([]);
    }
  });

  it('name the same global metadata', () => {
    const line = doc.split('\n').find((l) => l.includes('also carries the global metadata'))!;
    const next = doc.split('\n')[doc.split('\n').indexOf(line) + 1] ?? '';
    const tokens = ticks(`${line} ${next}`).filter((t) => t !== 'data.metadata');
    expect(tokens.sort()).toEqual(Object.keys(GLOBAL_METADATA).sort());
  });
});
