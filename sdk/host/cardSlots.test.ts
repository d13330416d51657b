import { describe, expect, it, vi } from 'vitest';
import { CardSlotRegistry, readCardSlots } from './cardSlots.js';

const badge = () => null;
const actions = () => null;

describe('the card slots’ registry (aisle.js)', () => {
  it('keeps the last slots set, tells its listeners, and forgets them at null', () => {
    const registry = new CardSlotRegistry();
    const heard: unknown[] = [];
    const stop = registry.subscribe((slots) => heard.push(slots));
    registry.set({ badge });
    expect(registry.shape()).toEqual({ badge: true, actions: false });
    registry.set({ actions });
    expect(registry.shape()).toEqual({ badge: false, actions: true });
    registry.set(null);
    expect(registry.current).toBeNull();
    expect(heard).toEqual([{ badge }, { actions }, null]);
    stop();
    registry.set({ badge });
    expect(heard).toHaveLength(3);
  });

  it('leaves no room in the first paint for what is no function', () => {
    const registry = new CardSlotRegistry();
    registry.set({ badge: '<b>New</b>', actions: {} });
    expect(registry.shape()).toEqual({ badge: false, actions: false });
  });
});

describe('reading the card slots (the app)', () => {
  it('keeps the functions of the two slots', () => {
    const log = { warn: vi.fn() };
    expect(readCardSlots({ badge, actions }, log)).toEqual({ badge, actions });
    expect(readCardSlots({ actions, badge: undefined }, log)).toEqual({ actions });
    expect(readCardSlots(null, log)).toBeNull();
    expect(readCardSlots({}, log)).toBeNull();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('leaves out what is not a slot or not a function, with one warning, and keeps the rest', () => {
    const log = { warn: vi.fn() };
    expect(readCardSlots({ badge, price: () => null, actions: '<button>Add</button>' }, log)).toEqual({ badge });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toContain('Aisle.setCardSlots takes { badge, actions }');
    expect(readCardSlots(badge, log)).toBeNull();
    expect(readCardSlots('badge', log)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(3);
  });
});
