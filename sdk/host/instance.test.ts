// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { PageConsent } from '../core/consent.js';
import { createAisleInstance, nextPhase, type Phase, type Step } from './instance.js';

const PHASES: Phase[] = ['idle', 'painting', 'adopting', 'mounting', 'shown', 'kept-host-content', 'ended'];
const STEPS: Step[] = ['paint', 'adopt', 'mount', 'show', 'keep', 'end'];

/** Every allowed transition, as `phase --step--> next`; every other pair is refused. */
const ALLOWED = new Map<string, Phase>([
  ['idle paint', 'painting'],
  ['idle adopt', 'adopting'],
  ['idle mount', 'mounting'],
  ['idle end', 'ended'],
  ['painting mount', 'mounting'],
  ['painting keep', 'kept-host-content'],
  ['painting end', 'ended'],
  ['adopting mount', 'mounting'],
  ['adopting keep', 'kept-host-content'],
  ['adopting end', 'ended'],
  ['mounting mount', 'mounting'],
  ['mounting show', 'shown'],
  ['mounting keep', 'kept-host-content'],
  ['mounting end', 'ended'],
  ['shown mount', 'mounting'],
  ['shown end', 'ended'],
  ['kept-host-content mount', 'mounting'],
  ['kept-host-content end', 'ended'],
  ['ended mount', 'mounting'],
]);

function parts(snapshot: unknown = { mount: { state: 'none' } }) {
  return {
    version: '9.9.9',
    consent: new PageConsent(false),
    log: { warn: vi.fn(), error: vi.fn() },
    mount: vi.fn(() => Promise.resolve()),
    unmount: vi.fn(),
    snapshot: () => snapshot,
  };
}

describe('the instance lifecycle', () => {
  it.each(PHASES.flatMap((phase) => STEPS.map((step) => [phase, step] as const)))(
    '%s --%s--> as the table says (allowed or refused)',
    (phase, step) => {
      expect(nextPhase(phase, step)).toBe(ALLOWED.get(`${phase} ${step}`) ?? null);
    },
  );

  it('takes allowed steps and refuses the others without moving', () => {
    const instance = createAisleInstance(parts());
    expect(instance.phase).toBe('idle');
    expect(instance.step('show')).toBe(false);
    expect(instance.phase).toBe('idle');
    expect(instance.step('paint')).toBe(true);
    expect(instance.step('adopt')).toBe(false);
    expect(instance.step('mount')).toBe(true);
    expect(instance.step('show')).toBe(true);
    expect(instance.phase).toBe('shown');
    expect(instance.step('paint')).toBe(false);
  });

  it('an app that answers after unmount() cannot make the page shown', async () => {
    const instance = createAisleInstance(parts());
    instance.step('paint');
    await instance.global.mount({});
    instance.global.unmount();
    expect(instance.step('show')).toBe(false);
    expect(instance.phase).toBe('ended');
  });
});

describe('the public object', () => {
  it('mounts through its kind’s own mount, and unmount removes the handlers and card slots too', async () => {
    const own = parts();
    const instance = createAisleInstance(own, { extension: true as const });
    expect(instance.global.extension).toBe(true);
    expect(instance.global.version).toBe('9.9.9');
    const context = { config: {} };
    await instance.global.mount(context);
    expect(own.mount).toHaveBeenCalledWith(context, instance);
    expect(instance.phase).toBe('mounting');
    const handler = vi.fn();
    instance.global.on('resultsShown', handler);
    instance.global.setCardSlots({ badge: () => null });
    expect(instance.cardSlots.shape()).toMatchObject({ badge: true });
    instance.global.unmount();
    expect(own.unmount).toHaveBeenCalledWith(instance);
    expect(instance.phase).toBe('ended');
    expect(instance.cardSlots.shape()).toEqual({ badge: false, actions: false });
    instance.hostEvents.emit('resultsShown', { count: 1 } as never);
    expect(handler).not.toHaveBeenCalled();
  });

  it('says what is wrong with a consent call and changes nothing', () => {
    const own = parts();
    const instance = createAisleInstance(own);
    instance.global.consent({ analytics: 'yes' } as never);
    expect(own.log.error).toHaveBeenCalledWith(expect.stringContaining('analytics must be true or false'));
    instance.global.consent({ analytics: true });
    expect(instance.consent.status('required').analytics).toBe('granted');
  });

  it('shows its phase beside the app’s debug picture', () => {
    const instance = createAisleInstance(parts({ mount: { state: 'none' } }));
    instance.step('adopt');
    expect(instance.global.debug.snapshot()).toEqual({ mount: { state: 'none' }, phase: 'adopting' });
  });
});
