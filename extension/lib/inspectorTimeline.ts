/** The delivery timeline of one event, read from the lifecycle steps its page loads logged. */
import { isSettled, type BufferedEvent, type TabBuffer } from './inspectorBufferModel.js';

/** One step of an event's delivery, for its timeline. */
export interface TimelineStep {
  at: number;
  phase: string;
  loadId: string;
  /** True for a session step (identity, token, flush) that happened while the event was under way. */
  session: boolean;
  detail: unknown;
  /**
   * For the event's own steps that name an attempt: its number counted over every page load, as
   * the Tries column counts (each page counts its own attempts from 1), else null.
   */
  attempt: number | null;
}

/** Session steps worth showing next to an event's own steps. */
const SESSION_PHASES = new Set([
  'identity_request',
  'token_issued',
  'token_reused',
  'identity_failed',
  'flush',
  'flush_result',
  'flush_failed',
  'flush_skipped',
  'disposed',
]);

/**
 * The delivery steps of `event` across every page load (send → token_refresh → identity_request →
 * token_issued → send → acknowledged …), with the session's identity and flush steps of the same
 * shop that fell between its first and last own step in that load.
 */
export function timelineOf(buffer: TabBuffer, event: BufferedEvent): TimelineStep[] {
  const steps = ownAndSessionSteps(buffer, event);
  // Sends the inspector did not see (before it looked, or past the log's cap) come first: the
  // last send listed is attempt `event.attempts`, the number the Tries column shows.
  const sends = steps.filter((s) => !s.session && s.phase === 'send').length;
  let attempt = Math.max(0, event.attempts - sends);
  for (const step of steps) {
    if (step.session) continue;
    if (step.phase === 'send') attempt += 1;
    const named = typeof (step.detail as { attempt?: unknown } | null)?.attempt === 'number';
    if (step.phase === 'send' || named) step.attempt = Math.max(attempt, 1);
  }
  return steps;
}

function ownAndSessionSteps(buffer: TabBuffer, event: BufferedEvent): TimelineStep[] {
  const steps: TimelineStep[] = [];
  const latest = buffer.loads.at(-1);
  for (const load of buffer.loads) {
    const from = load.log.findIndex((entry) => entry.id === event.id);
    if (from < 0) continue;
    let to = load.log.length - 1;
    // A settled event (or one a later load took over) ends at its own last step; a pending one
    // in the current load also shows the identity steps it is waiting on now.
    if (isSettled(event.state) || load !== latest) while (to > from && load.log[to]!.id !== event.id) to--;
    for (let i = from; i <= to; i++) {
      const entry = load.log[i]!;
      const mine = entry.id === event.id;
      const around =
        !mine &&
        entry.id === null &&
        SESSION_PHASES.has(entry.phase) &&
        (event.shopId === null || entry.shopId === event.shopId);
      if (mine || around)
        steps.push({
          at: entry.at,
          phase: entry.phase,
          loadId: load.loadId,
          session: around,
          detail: entry.detail,
          attempt: null,
        });
    }
  }
  return steps;
}
