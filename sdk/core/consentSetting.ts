/**
 * The tenant's `consent` setting. The law differs by region, so it is one mode or one per region:
 * `"required"` or `{ "ca": "required", "default": "implied" }`.
 */
import { isRecord } from './coerce.js';
import { REGIONS } from './types.js';

/** The consent modes a tenant may choose. */
export const CONSENT_MODES = ['required', 'implied'] as const;
/** Whether consent is needed before anything is stored or sent. */
export type ConsentMode = (typeof CONSENT_MODES)[number];
/** The mode of a tenant that says nothing: Aisle's behaviour before the setting existed. */
export const DEFAULT_CONSENT_MODE: ConsentMode = 'implied';

/** One mode for every region, or a mode per region code plus `default`. */
export type ConsentSetting = ConsentMode | Partial<Record<(typeof REGIONS)[number] | 'default', ConsentMode>>;

const modeOf = (raw: unknown): ConsentMode | undefined => {
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return CONSENT_MODES.find((mode) => mode === text);
};

/** The usable part of a raw `consent` value, or undefined when nothing in it can be used. */
export function readConsentSetting(raw: unknown): ConsentSetting | undefined {
  const single = modeOf(raw);
  if (single) return single;
  if (!isRecord(raw)) return undefined;
  const out: Partial<Record<string, ConsentMode>> = {};
  for (const key of [...REGIONS, 'default'] as const) {
    const mode = modeOf(raw[key]);
    if (mode) out[key] = mode;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** What is wrong with a raw `consent` value, in words; null when it is fine (for strict imports). */
export function consentSettingProblem(raw: unknown): string | null {
  const says = `must be "required" or "implied", or an object of those by region (${REGIONS.join(', ')}, default)`;
  if (modeOf(raw) && raw === modeOf(raw)) return null;
  if (!isRecord(raw)) return says;
  const entries = Object.entries(raw);
  const usable = entries.every(
    ([key, value]) => [...REGIONS, 'default'].includes(key) && typeof value === 'string' && value === modeOf(value),
  );
  return usable && entries.length > 0 ? null : says;
}

/** The region's own mode, else `default`, else implied. */
export function consentModeFor(setting: ConsentSetting | undefined, region: string): ConsentMode {
  if (setting === undefined) return DEFAULT_CONSENT_MODE;
  if (typeof setting === 'string') return setting;
  return setting[region as keyof typeof setting] ?? setting.default ?? DEFAULT_CONSENT_MODE;
}
