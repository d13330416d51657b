/**
 * Checks deploy/systemd's unit files with `systemd-analyze verify` (Debian's systemd package), for
 * deploy/run-local.ts: this machine has no systemd running, so the units are checked, not run. Any
 * line it prints (an unknown or malformed directive, a program that is not there) is a failure,
 * since it warns about most mistakes without failing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const ANALYZE = '/usr/bin/systemd-analyze';
const UNITS = ['deploy/systemd/aisle-analytics-migrate.service', 'deploy/systemd/aisle-analytics@.service'];

/** One line saying what was checked; throws with systemd-analyze's words when a unit is wrong. */
export function verifyUnits(): string {
  if (!existsSync(ANALYZE)) return `unit files not checked: no ${ANALYZE} (apt-get install systemd)`;
  const run = spawnSync(ANALYZE, ['verify', '--man=no', ...UNITS.map((unit) => `./${unit}`)], { encoding: 'utf8' });
  const said = `${run.stdout}${run.stderr}`.trim();
  if (run.status !== 0 || said !== '') throw new Error(`systemd-analyze verify: ${said || `exit ${run.status}`}`);
  return `unit files verified by systemd-analyze: ${UNITS.join(', ')}`;
}
