import { describe, expect, it, vi } from 'vitest';
import { Lifetime } from './lazy.js';

/** A chunk whose load the test settles by hand. */
function chunk<M>(): {
  load: () => Promise<M>;
  land: (module: M) => Promise<void>;
  refuse: (e: Error) => Promise<void>;
} {
  let resolve: (module: M) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<M>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Lets the promise callbacks run (microtasks only: no timer involved).
  const settle = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return {
    load: () => promise,
    land: (module) => (resolve(module), settle()),
    refuse: (error) => (reject(error), settle()),
  };
}

describe('a part loaded after the first render', () => {
  it('starts once its chunk lands, and its cleanup runs at the end', async () => {
    const life = new Lifetime();
    const stop = vi.fn();
    const start = vi.fn(() => stop);
    const c = chunk<string>();
    life.load(c.load, start, vi.fn());
    expect(start).not.toHaveBeenCalled();
    await c.land('module');
    expect(start).toHaveBeenCalledWith('module');
    expect(stop).not.toHaveBeenCalled();
    life.end();
    expect(stop).toHaveBeenCalledTimes(1);
    life.end();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('starts nothing when its chunk lands after the end', async () => {
    const life = new Lifetime();
    const start = vi.fn(() => () => undefined);
    const c = chunk<string>();
    life.load(c.load, start, vi.fn());
    life.end();
    await c.land('module');
    expect(start).not.toHaveBeenCalled();
  });

  it('reports a chunk that cannot load, or that throws as it starts', async () => {
    const life = new Lifetime();
    const fail = vi.fn();
    const refused = chunk<string>();
    life.load(refused.load, () => undefined, fail);
    await refused.refuse(new Error('offline'));
    const throwing = chunk<string>();
    life.load(
      throwing.load,
      () => {
        throw new Error('broken');
      },
      fail,
    );
    await throwing.land('module');
    expect(fail.mock.calls.map(([error]) => (error as Error).message)).toEqual(['offline', 'broken']);
  });
});

describe('what a mounted Aisle installed', () => {
  it('is taken back last installed first', () => {
    const life = new Lifetime();
    const order: string[] = [];
    life.add(() => order.push('guard'));
    life.add(() => order.push('listener'));
    life.end();
    expect(order).toEqual(['listener', 'guard']);
  });

  it('is taken back at once when installed after the end', () => {
    const life = new Lifetime();
    life.end();
    const cleanup = vi.fn();
    life.add(cleanup);
    expect(cleanup).toHaveBeenCalledTimes(1);
    expect(life.ended).toBe(true);
  });
});
