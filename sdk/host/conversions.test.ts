// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { PageConsent } from '../core/consent.js';
import { ConversionQueue, type PageConversion } from './conversions.js';
import { createAisleInstance } from './instance.js';

const cart = { items: [{ product_id: 'b1', quantity: 1, price: 59.9 }], currency: 'EUR' };

function aisle() {
  const log = { warn: vi.fn(), error: vi.fn() };
  const instance = createAisleInstance({
    version: '9.9.9',
    consent: new PageConsent(false),
    log,
    mount: () => Promise.resolve(),
    unmount: () => undefined,
    snapshot: () => ({}),
  });
  return { instance, log };
}

describe('Aisle.track', () => {
  it('takes an add to cart and a purchase, and hands them to the mounted app in order', () => {
    const { instance } = aisle();
    const received: PageConversion[] = [];
    expect(instance.global.track('add_to_cart', cart)).toEqual({ ok: true });
    const order = { ...cart, order_id: 'A-1', extra: 'dropped' };
    expect(instance.global.track('purchase', order)).toEqual({ ok: true });
    // Called before the app arrived: they waited, and now go to it, then each new one as it comes.
    instance.conversions.subscribe((conversion) => received.push(conversion));
    instance.global.track('add_to_cart', { ...cart, items: [{ product_id: 'b2', quantity: 2, price: 10 }] });
    expect(received).toEqual([
      { kind: 'add_to_cart', conversion: cart },
      { kind: 'purchase', conversion: { ...cart, order_id: 'A-1' } },
      {
        kind: 'add_to_cart',
        conversion: { items: [{ product_id: 'b2', quantity: 2, price: 10 }], currency: 'EUR' },
      },
    ]);
  });

  it.each([
    ['checkout', cart, 'event must be add_to_cart or purchase'],
    ['add_to_cart', null, 'data must be an object'],
    ['add_to_cart', { ...cart, items: [] }, 'data.items must be an array of 1 to 100 products'],
    ['add_to_cart', { ...cart, items: [{ product_id: 'b1', quantity: 1.5, price: 1 }] }, 'data.items[0].quantity'],
    ['add_to_cart', { ...cart, items: [{ product_id: 'b1', quantity: 1, price: '9.99' }] }, 'data.items[0].price'],
    ['add_to_cart', { ...cart, items: [{ product_id: '', quantity: 1, price: 1 }] }, 'data.items[0].product_id'],
    ['add_to_cart', { ...cart, currency: 'eur' }, 'data.currency must be an ISO 4217 code'],
    ['purchase', cart, 'data.order_id must be a string of 1 to 100 characters (it is required for a purchase)'],
  ])('refuses %s with %j: a warning naming the field, an error answer, nothing recorded', (event, data, error) => {
    const { instance, log } = aisle();
    const received: PageConversion[] = [];
    instance.conversions.subscribe((conversion) => received.push(conversion));
    const answer = instance.global.track(event as 'purchase', data as typeof cart);
    expect(answer).toEqual({ ok: false, error: expect.stringContaining(error) });
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining(error));
    expect(received).toEqual([]);
  });

  it('never throws into the page, even for an argument whose fields throw when read', () => {
    const { instance, log } = aisle();
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('gotcha');
        },
      },
    );
    expect(() => instance.global.track('purchase', hostile as typeof cart)).not.toThrow();
    expect(instance.global.track('purchase', hostile as typeof cart)).toEqual({
      ok: false,
      error: 'data could not be read (gotcha)',
    });
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the last 50 conversions of a page whose app never mounts, and stops handing them over once unsubscribed', () => {
    const queue = new ConversionQueue();
    for (let n = 0; n < 60; n++)
      queue.track('add_to_cart', { ...cart, items: [{ product_id: `p${n}`, quantity: 1, price: 1 }] });
    const received: string[] = [];
    const stop = queue.subscribe(({ conversion }) => received.push(conversion.items[0]!.product_id));
    expect(received).toHaveLength(50);
    expect(received[0]).toBe('p10');
    stop();
    queue.track('add_to_cart', cart);
    expect(received).toHaveLength(50);
  });
});
