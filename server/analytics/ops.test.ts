import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './testing/testServer.js';

let svc: TestService;
afterEach(() => svc.stop());

describe('service and health endpoints', () => {
  it('names the service, pongs and reports itself alive and ready', async () => {
    svc = await startTestService();
    expect(await svc.call('/')).toMatchObject({
      status: 200,
      body: { service: 'aisle-analytics', version: expect.any(String) },
    });
    expect(await svc.call('/ping')).toMatchObject({ status: 200, body: { pong: true } });
    expect(await svc.call('/health/liveness')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await svc.call('/health/readiness')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await svc.call('/health/downstream')).toMatchObject({ status: 200, body: { database: 'ok' } });
  });

  it('reports not ready with 503 once the database is gone, while still alive', async () => {
    svc = await startTestService();
    svc.service.close();
    expect(await svc.call('/health/liveness')).toMatchObject({ status: 200 });
    expect(await svc.call('/health/readiness')).toMatchObject({ status: 503, body: { status: 'error' } });
    expect(await svc.call('/health/downstream')).toMatchObject({ status: 503, body: { database: 'error' } });
    expect(await svc.call('/v3/identity', { json: { shop_id: 'outdoor' } })).toMatchObject({ status: 503 });
  });

  it('answers 404 for unknown paths and 405 for a wrong method', async () => {
    svc = await startTestService();
    expect(await svc.call('/v4/event')).toMatchObject({
      status: 404,
      body: { error: 'no analytics endpoint at /v4/event' },
    });
    expect(await svc.call('/v3/event')).toMatchObject({
      status: 405,
      body: { error: 'GET is not allowed on /v3/event; use POST' },
    });
  });
});

describe('legacy endpoints', () => {
  it('GET /getIdentity issues a token from the query', async () => {
    svc = await startTestService();
    const { status, body } = await svc.call('/getIdentity?shop_id=outdoor&distinct_id=legacy-1');
    expect(status).toBe(200);
    expect((await svc.call('/v3/identity', { token: body.id })).body).toMatchObject({
      sub: 'legacy-1',
      shop_id: 'outdoor',
    });
    expect((await svc.call('/getIdentity')).status).toBe(400);
  });

  it('POST /v2/getIdentity takes the v3 body', async () => {
    svc = await startTestService();
    const { status, body } = await svc.call('/v2/getIdentity', {
      json: { shop_id: 'outdoor', distinct_id: 'legacy-2' },
    });
    expect(status).toBe(200);
    expect((await svc.call('/v3/identity', { token: body.id })).body.sub).toBe('legacy-2');
  });

  it('POST /v2/trackEvent takes the token in the body and fills in a missing id', async () => {
    svc = await startTestService();
    const token = await svc.identify('outdoor', 'legacy-3');
    const { status, body } = await svc.call('/v2/trackEvent', {
      json: { token, event: 'navigate:visit_page', url: 'http://shop/x' },
    });
    expect(status).toBe(202);
    expect(body.duplicate).toBe(false);
    expect(await svc.service.stored('outdoor')).toEqual([
      expect.objectContaining({
        id: body.id,
        seq: 0,
        visitor_id: 'legacy-3',
        event: 'navigate:visit_page',
        url: 'http://shop/x',
        data: {},
      }),
    ]);
    expect((await svc.service.stored())[0]).not.toHaveProperty('token');
  });

  it('GET /trackEvent takes the query, keeps a given id and de-duplicates it', async () => {
    svc = await startTestService();
    const token = await svc.identify('outdoor');
    const id = '0d9c4a3e-2f1b-4c55-9a4e-6f1f7a0b8c2d';
    const path = `/trackEvent?token=${token}&event=search:sort&url=${encodeURIComponent('http://shop/?sort=price_asc')}&id=${id}`;
    expect((await svc.call(path)).body).toEqual({ id, duplicate: false });
    expect((await svc.call(path)).body).toEqual({ id, duplicate: true });
    expect(await svc.service.stored()).toEqual([
      expect.objectContaining({ id, event: 'search:sort', url: 'http://shop/?sort=price_asc' }),
    ]);
  });

  it('answers 401 to legacy events with a missing or bad token', async () => {
    svc = await startTestService();
    expect((await svc.call('/v2/trackEvent', { json: { event: 'e', url: 'u' } })).status).toBe(401);
    expect((await svc.call('/v2/trackEvent', { json: { token: 'bad', event: 'e', url: 'u' } })).status).toBe(401);
    expect((await svc.call('/trackEvent?token=bad&event=e&url=u')).status).toBe(401);
    expect(await svc.service.stored()).toEqual([]);
  });
});
