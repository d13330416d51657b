/**
 * Whether the local stack answers: a wrong address would leave an empty box (Aisle waits for a search that
 * never returns), so one cheap GET of its health route, with a short time-out, asks first.
 */

/** How long the check waits for the stack. */
export const STACK_CHECK_MS = 1500;

/** Timers the check uses (the real ones in the extension, fake ones in tests). */
export interface CheckTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** True when `GET {origin}/health` answers with a 2xx within `ms`. Never throws. */
export async function stackAnswers(
  fetchFn: (url: string, init: { signal: AbortSignal; cache: RequestCache }) => Promise<{ ok: boolean }>,
  origin: string,
  timers: CheckTimers,
  ms = STACK_CHECK_MS,
): Promise<boolean> {
  const controller = new AbortController();
  const handle = timers.setTimeout(() => controller.abort(), ms);
  try {
    const answer = await fetchFn(`${origin.replace(/\/+$/, '')}/health`, {
      signal: controller.signal,
      cache: 'no-store',
    });
    return answer.ok;
  } catch {
    return false;
  } finally {
    timers.clearTimeout(handle);
  }
}
