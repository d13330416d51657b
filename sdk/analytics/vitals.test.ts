import { describe, expect, it } from 'vitest';
import { validateEvent } from './catalogue.js';
import { buildEvent } from './events.js';
import { VitalsRecord, webVitalsEvent } from './vitals.js';

const sent = (record: VitalsRecord) => {
  const vitals = record.take();
  return vitals ? webVitalsEvent(vitals) : null;
};

describe('a page view’s vitals', () => {
  it('keeps the latest value of each metric, the slowest filter update, and is taken once', () => {
    const record = new VitalsRecord('mobile');
    record.set({ lcpMs: 900.04, lcpElement: 'img.a' });
    record.set({ lcpMs: 1234.56, lcpElement: 'img.b', cls: 0.123456, ttfbMs: 80 });
    record.filterUpdated(120);
    record.filterUpdated(340.25);
    record.filterUpdated(90);
    const event = sent(record)!;
    expect(event.event).toBe('page:web_vitals');
    expect(event.data!.metadata).toEqual({
      lcp_ms: 1234.6,
      lcp_element: 'img.b',
      inp_ms: null,
      inp_interaction: null,
      cls: 0.1235,
      cls_element: null,
      ttfb_ms: 80,
      first_screen_ms: null,
      take_over_ms: null,
      filter_update_ms: 340.3,
      device_class: 'mobile',
    });
    expect(sent(record)).toBeNull();
  });

  it('keeps the promises of the event catalogue', () => {
    const record = new VitalsRecord('desktop');
    record.set({ inpMs: 48, inpInteraction: 'pointer .aisle-card__link', firstScreenMs: 310, takeOverMs: 420 });
    const input = sent(record)!;
    const event = buildEvent({
      id: '0f8c1d0e-7c53-4b6e-9d67-1f0f2b7a4c11',
      seq: 1,
      event: input.event,
      data: input.data!,
      url: 'https://maple.example/maple/dresses',
      timestamp: '2025-03-01T12:00:00.000Z',
      environment: 'production',
      globalMetadata: { config_id: 'maple', locale: 'en_US', region: 'us', sdk_version: '1.0.0' },
    });
    expect(validateEvent(event)).toEqual([]);
  });
});
