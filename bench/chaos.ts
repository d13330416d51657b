/** Runs the seeded analytics chaos test larger than `npm test` does and reads its summary line. */
import { spawnSync } from 'node:child_process';

/** Events lost and duplicated at the service (both must be 0) and the run's size and duration. */
export function benchChaos(events: number, seed = 1): Record<string, number> {
  const run = spawnSync('npx', ['vitest', 'run', 'sdk/analytics/chaos.test.ts'], {
    env: { ...process.env, AISLE_CHAOS_EVENTS: String(events), AISLE_CHAOS_SEED: String(seed) },
    encoding: 'utf8',
    timeout: 15 * 60_000,
  });
  const output = `${run.stdout}${run.stderr}`;
  const line = output.split('\n').find((l) => l.includes('events=') && l.includes('stored='));
  if (run.status !== 0 || !line) throw new Error(`the chaos run failed:\n${output.slice(-3000)}`);
  const number = (name: string) => Number(new RegExp(`${name}=(\\d+)`).exec(line)?.[1] ?? NaN);
  const tracked = number('events');
  const stored = number('stored');
  return {
    chaos_events: tracked,
    chaos_lost: Math.max(0, tracked - stored),
    chaos_duplicated: Math.max(0, stored - tracked),
    chaos_reloads: number('reloads'),
    chaos_duration_s: Math.round(number('duration') / 100) / 10,
  };
}
