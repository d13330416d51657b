/**
 * Without required consent nothing is written to the device or sent; events wait in memory and are
 * recorded in order once consent arrives. A withdrawal erases what the session kept on the device.
 */
import { permits } from '../core/consent.js';
import { DEBUG_EVENT } from '../contract.js';
import type { RootStore } from '../stores/RootStore.js';
import type { TrackIntent } from '../stores/Tracker.js';
import { eraseAnalyticsStorage } from './erase.js';
import type { TrackInput } from './types.js';
import type { AnalyticsConnection, RunningAnalytics } from './wire.js';

/** Events kept in memory while consent is awaited; beyond this the oldest are dropped. */
export const HELD_CAP = 200;

/** An event waiting for consent: what it records, when and where it happened. */
interface HeldEvent {
  input: TrackInput;
  at: number;
  url: string;
}

/** The tab's session storage, or null where the page may not use it (a sandboxed frame throws). */
function sessionStorageOf(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Follows the page's consent for `root`'s analytics. Every intent is answered here, so the tracker
 * never waits on a session that may never come (a product link does not wait for it).
 */
export function followConsent(
  root: RootStore,
  win: Window,
  start: () => RunningAnalytics,
  convert: (intent: TrackIntent) => TrackInput,
): AnalyticsConnection {
  const { env, context } = root;
  const shopId = context.config.id;
  const allowed = (): boolean => permits(env.consent, 'analytics', context.config, root.region);
  const refused = (): boolean => env.consent?.refused('analytics') ?? false;
  const held: HeldEvent[] = [];
  let running: RunningAnalytics | null = null;
  const emit = (phase: string, detail: Record<string, unknown>): void => {
    try {
      env.host.dispatch(DEBUG_EVENT, { source: 'analytics', shopId, phase, ...detail });
    } catch {
      /* a failing debug listener on the host page must not stop analytics */
    }
  };

  const connection: AnalyticsConnection = {
    session: null,
    held: () => held.length,
    dispose() {
      stopFollowing?.();
      root.tracker.disable();
      running?.dispose();
      running = null;
      connection.session = null;
    },
  };

  const begin = (): void => {
    running = start();
    connection.session = running.session;
    const waiting = held.splice(0);
    if (waiting.length > 0) emit('consent_granted', { released: waiting.length });
    for (const { input, at, url } of waiting) {
      if (running.session.track(input.event, input.data, input.url ?? url, at) === null)
        env.log.error(`[Aisle] tracking error: ${input.event} could not be queued`);
    }
  };

  const withdraw = (): void => {
    running?.dispose();
    running = null;
    connection.session = null;
    held.length = 0;
    eraseAnalyticsStorage(env.storage, shopId, sessionStorageOf(win));
    emit('consent_withdrawn', { message: 'analytics consent withdrawn: tracking stopped, storage emptied' });
  };

  const stopFollowing = env.consent?.subscribe(() => {
    if (allowed()) {
      if (!running) begin();
    } else if (running || refused()) withdraw();
  });
  // Started before the tracker hands over what it buffered, so the page's first visit goes to the session.
  if (allowed()) begin();
  else if (refused()) eraseAnalyticsStorage(env.storage, shopId, sessionStorageOf(win));
  root.tracker.attach((intent) => {
    if (running) return running.sink(intent);
    // A shopper who said no is not tracked, not even in memory.
    if (refused()) return Promise.resolve(false);
    let input: TrackInput;
    try {
      input = convert(intent);
    } catch {
      return Promise.resolve(false);
    }
    held.push({ input, at: env.now(), url: env.host.location().href });
    if (held.length > HELD_CAP) held.shift();
    emit('consent_held', {
      event: input.event,
      held: held.length,
      reason: 'waiting for the shopper’s consent to analytics: kept in memory, sent if consent comes on this page',
    });
    return Promise.resolve(false);
  });
  return connection;
}
