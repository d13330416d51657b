/**
 * One Aisle instance and the `window.Aisle` object it owns, shared by aisle.js, the preview and the
 * package. Each transition is a step the phase allows or refuses, so a late answer cannot undo a
 * newer decision (an app that arrives after `unmount()` does not make the page "shown"):
 *
 *   idle ──paint──▶ painting ──┐
 *   idle ──adopt──▶ adopting ──┼──mount──▶ mounting ──show──▶ shown
 *   idle ──mount───────────────┘              └──keep──▶ kept-host-content
 *   any ──end──▶ ended;  shown, kept-host-content, mounting, ended ──mount──▶ mounting
 */
import type { AisleGlobal, AisleTrackResult } from '../contract.js';
import type { PageConsent } from '../core/consent.js';
import { CardSlotRegistry } from './cardSlots.js';
import { ConversionQueue } from './conversions.js';
import { HostEvents } from './hostEvents.js';

/** Where an instance stands. */
export type Phase = 'idle' | 'painting' | 'adopting' | 'mounting' | 'shown' | 'kept-host-content' | 'ended';
/** What moves it; `keep`: the page's own content stays because the listing could not be shown. */
export type Step = 'paint' | 'adopt' | 'mount' | 'show' | 'keep' | 'end';

const MOUNTABLE = { mount: 'mounting', end: 'ended' } as const;
const TRANSITIONS: Record<Phase, Partial<Record<Step, Phase>>> = {
  idle: { paint: 'painting', adopt: 'adopting', ...MOUNTABLE },
  painting: { ...MOUNTABLE, keep: 'kept-host-content' },
  adopting: { ...MOUNTABLE, keep: 'kept-host-content' },
  mounting: { ...MOUNTABLE, show: 'shown', keep: 'kept-host-content' },
  shown: MOUNTABLE,
  'kept-host-content': MOUNTABLE,
  ended: { mount: 'mounting' },
};

/** The phase `step` leads to from `phase`, or null when `phase` refuses it. */
export function nextPhase(phase: Phase, step: Step): Phase | null {
  return TRANSITIONS[phase][step] ?? null;
}

/** An Aisle instance: its public object, the page's handlers, card slots and consent, and its phase. */
export interface AisleInstance {
  /** The object the page calls (`window.Aisle`, or the package's exports). */
  readonly global: AisleGlobal;
  readonly hostEvents: HostEvents;
  readonly cardSlots: CardSlotRegistry;
  /** The page's conversions (`Aisle.track`), waiting for the app that records them. */
  readonly conversions: ConversionQueue;
  readonly consent: PageConsent;
  readonly phase: Phase;
  /** Takes `step` if the phase allows it and returns true; otherwise changes nothing and returns false. */
  step(step: Step): boolean;
}

/** What one kind of instance (aisle.js, the preview, the package) does of its own. */
export interface InstanceParts {
  version: string;
  consent: PageConsent;
  log?: Pick<Console, 'warn' | 'error'>;
  /** Starts the app for `context` (the instance has taken the `mount` step). */
  mount(context: unknown, instance: AisleInstance): Promise<void>;
  /** Removes what this kind installed (the instance then drops the handlers and card slots itself). */
  unmount(instance: AisleInstance): void;
  /** The debug picture of the app, when there is one. */
  snapshot(): unknown;
}

/** Makes an instance; its `global` is what the page is given. */
export function createAisleInstance<Extra extends object = object>(
  parts: InstanceParts,
  extra?: Extra,
): AisleInstance & { global: AisleGlobal & Extra } {
  const log = parts.log ?? console;
  const hostEvents = new HostEvents(log);
  const cardSlots = new CardSlotRegistry();
  const conversions = new ConversionQueue();
  let phase: Phase = 'idle';
  const instance = {
    hostEvents,
    cardSlots,
    conversions,
    consent: parts.consent,
    get phase() {
      return phase;
    },
    step(step: Step): boolean {
      const next = nextPhase(phase, step);
      if (next) phase = next;
      return next !== null;
    },
  } as AisleInstance & { global: AisleGlobal & Extra };
  const global: AisleGlobal = {
    version: parts.version,
    mount(context: unknown): Promise<void> {
      instance.step('mount');
      return parts.mount(context, instance);
    },
    unmount(): void {
      instance.step('end');
      parts.unmount(instance);
      hostEvents.clear();
      cardSlots.set(null);
    },
    on: (name, handler) => hostEvents.on(name, handler),
    off: (name, handler) => hostEvents.off(name, handler),
    setCardSlots: (slots) => cardSlots.set(slots),
    track(event, data) {
      let result: AisleTrackResult;
      try {
        result = conversions.track(event, data);
      } catch (error) {
        // A hostile or exotic argument (a getter that throws): refused, never thrown into the page.
        result = { ok: false, error: `data could not be read (${error instanceof Error ? error.message : 'unknown'})` };
      }
      if (!result.ok) log.warn(`[Aisle] Aisle.track refused a conversion: ${result.error}. Nothing was recorded.`);
      return result;
    },
    consent(choices): void {
      const problem = parts.consent.set(choices);
      if (problem) log.error(`[Aisle] ${problem}: nothing changed.`);
    },
    debug: {
      snapshot(): unknown {
        const picture = parts.snapshot();
        return typeof picture === 'object' && picture !== null ? { ...picture, phase } : picture;
      },
    },
  };
  Object.assign(instance, { global: Object.assign(global, extra) });
  return instance;
}
