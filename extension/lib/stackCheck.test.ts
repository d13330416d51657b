import { describe, expect, it, vi } from 'vitest';
import { STACK_CHECK_MS, stackAnswers } from './stackCheck.js';

function fakeTimers() {
  let pending: Array<{ at: number; callback: () => void }> = [];
  let now = 0;
  return {
    setTimeout: (callback: () => void, ms: number) => {
      const entry = { at: now + ms, callback };
      pending.push(entry);
      return entry;
    },
    clearTimeout: (handle: unknown) => {
      pending = pending.filter((p) => p !== handle);
    },
    advance(ms: number) {
      now += ms;
      const due = pending.filter((p) => p.at <= now);
      pending = pending.filter((p) => p.at > now);
      due.forEach((p) => p.callback());
    },
    get count() {
      return pending.length;
    },
  };
}

describe('stackAnswers', () => {
  it('asks the health route once and says yes for a 2xx', async () => {
    const fetchFn = vi.fn(async () => ({ ok: true }));
    const timers = fakeTimers();
    expect(await stackAnswers(fetchFn, 'http://127.0.0.1:4173/', timers)).toBe(true);
    expect(fetchFn).toHaveBeenCalledWith(
      'http://127.0.0.1:4173/health',
      expect.objectContaining({ cache: 'no-store' }),
    );
    expect(timers.count).toBe(0);
  });

  it('says no for an error status or a refused connection', async () => {
    expect(await stackAnswers(async () => ({ ok: false }), 'http://x.test', fakeTimers())).toBe(false);
    expect(
      await stackAnswers(
        async () => {
          throw new TypeError('Failed to fetch');
        },
        'http://x.test',
        fakeTimers(),
      ),
    ).toBe(false);
  });

  it('gives up on a stack that never answers once the time-out passes', async () => {
    const timers = fakeTimers();
    const fetchFn = (_url: string, init: { signal: AbortSignal }) =>
      new Promise<{ ok: boolean }>((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const answer = stackAnswers(fetchFn, 'http://10.255.255.1:4173', timers);
    timers.advance(STACK_CHECK_MS - 1);
    timers.advance(1);
    expect(await answer).toBe(false);
  });
});
