import { describe, expect, it } from 'vitest';
import {
  MAX_PAYLOAD_CHARS,
  capJson,
  readDebugDetail,
  readPageMessage,
  readPreviewStatus,
  readSnapshot,
} from './pageData.js';

const event = (over: Record<string, unknown> = {}) => ({
  id: 'e1',
  event: 'navigate:visit_page',
  seq: 1,
  state: 'queued',
  attempts: 0,
  payload: { id: 'e1', data: { page_type: 'dlp' } },
  ...over,
});

describe('readSnapshot', () => {
  it('reads the session and events of Aisle.debug.snapshot()', () => {
    const snapshot = readSnapshot({
      analytics: {
        status: 'ready',
        visitorId: 'v1',
        tokenExp: 1700000000,
        unpersisted: 0,
        events: [event({ httpStatus: 503, reason: 'HTTP 503' })],
      },
      search: { loading: false },
    });
    expect(snapshot).toEqual({
      session: { status: 'ready', visitorId: 'v1', tokenExp: 1700000000, unpersisted: 0, held: 0, consent: null },
      events: [expect.objectContaining({ id: 'e1', state: 'queued', httpStatus: 503, reason: 'HTTP 503' })],
    });
  });

  it('refuses what is not a snapshot and drops malformed events', () => {
    expect(readSnapshot('<img src=x onerror=alert(1)>')).toBeNull();
    expect(readSnapshot({ analytics: null })).toBeNull();
    const read = readSnapshot({ analytics: { events: [event(), event({ state: 'pwned' }), 'x', event({ id: 42 })] } });
    expect(read?.events.map((e) => e.id)).toEqual(['e1']);
  });

  it('never keeps a token and caps a huge payload', () => {
    const read = readSnapshot({
      analytics: {
        status: 'ready',
        token: 'secret',
        events: [
          event({
            payload: {
              token: 'secret',
              headers: { Authorization: 'Bearer secret' },
              big: 'x'.repeat(MAX_PAYLOAD_CHARS),
            },
          }),
        ],
      },
    });
    expect(JSON.stringify(read)).not.toContain('secret');
    expect(read?.events[0]?.payload).toMatchObject({ truncated: true });
  });

  it('caps strings', () => {
    const read = readSnapshot({
      analytics: { status: 'x'.repeat(1000), events: [event({ event: 'e'.repeat(1000) })] },
    });
    expect(read?.session.status).toHaveLength(40);
    expect(read?.events[0]?.event).toHaveLength(100);
  });
});

describe('readDebugDetail', () => {
  it('reads search and analytics details of aisle:debug', () => {
    expect(
      readDebugDetail({ source: 'search', phase: 'response', at: 5, url: '/search', status: 200, latencyMs: 12 }),
    ).toMatchObject({
      source: 'search',
      phase: 'response',
      status: 200,
      latencyMs: 12,
    });
    expect(
      readDebugDetail({ source: 'analytics', shopId: 'maple', phase: 'queued', id: 'e1', event: 'search:sort' }),
    ).toMatchObject({
      source: 'analytics',
      phase: 'queued',
      shopId: 'maple',
      id: 'e1',
    });
  });

  it("reads the answer's total and pageNotFound, and an analytics step's wait, refusing wrong types", () => {
    expect(
      readDebugDetail({ source: 'search', phase: 'response', url: '/s', total: 0, pageNotFound: true }),
    ).toMatchObject({ total: 0, pageNotFound: true });
    expect(
      readDebugDetail({ source: 'search', phase: 'response', url: '/s', total: '9', pageNotFound: 'yes' }),
    ).toMatchObject({ total: null, pageNotFound: null });
    expect(
      readDebugDetail({
        source: 'analytics',
        shopId: 'maple',
        phase: 'retry_scheduled',
        id: 'e1',
        seq: 3,
        httpStatus: 401,
        reason: 'token refused 3 times',
        nextAttemptAt: 99,
        waiting: 'token_refused',
      }),
    ).toMatchObject({
      seq: 3,
      httpStatus: 401,
      reason: 'token refused 3 times',
      nextAttemptAt: 99,
      waiting: 'token_refused',
    });
  });

  it('refuses unknown sources and phases', () => {
    expect(readDebugDetail({ source: 'page', phase: 'x' })).toBeNull();
    expect(readDebugDetail({ source: 'search', phase: 'hack' })).toBeNull();
    expect(readDebugDetail(null)).toBeNull();
  });
});

describe('readPreviewStatus and readPageMessage', () => {
  it('accept only known outcomes and kinds', () => {
    expect(readPreviewStatus({ outcome: 'shown', message: 'ok', tookOver: true, at: 1 })).toEqual({
      outcome: 'shown',
      message: 'ok',
      tookOver: true,
      at: 1,
    });
    expect(readPreviewStatus({ outcome: 'owned' })).toBeNull();
    expect(readPageMessage('eval', {})).toBeNull();
    expect(readPageMessage('preview', { outcome: 'failed', message: 'no main' })).toMatchObject({ kind: 'preview' });
  });

  it('capJson turns what is not JSON into a marker', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(capJson(cyclic)).toEqual({ unreadable: true });
  });
});
