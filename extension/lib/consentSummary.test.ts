import { describe, expect, it } from 'vitest';
import { consentLine, heldReason, readConsent } from './consentSummary.js';
import { readSnapshot } from './pageData.js';

const pending = {
  mode: 'required',
  gpc: false,
  analytics: 'pending',
  errors: 'pending',
  clicks: 'granted',
  experiments: 'denied',
};

describe('the inspector shows the shopper’s consent and why events wait', () => {
  it('reads the snapshot’s consent and held count', () => {
    const read = readSnapshot({ analytics: { status: 'created', held: 4, events: [] }, consent: pending });
    expect(read?.session).toMatchObject({ held: 4, consent: pending });
  });

  it.each([null, 'required', { ...pending, mode: 'maybe' }, { ...pending, analytics: 'yes' }, { mode: 'implied' }])(
    'takes %j for no consent information',
    (raw) => {
      expect(readConsent(raw)).toBeNull();
    },
  );

  it('says the mode, the signal and each category in one line, and why the events wait', () => {
    const consent = readConsent({ ...pending, gpc: true })!;
    expect(consentLine(consent)).toBe(
      'required · Global Privacy Control · analytics pending, errors pending, clicks granted, experiments denied',
    );
    expect(heldReason(consent, 3)).toBe(
      "3 events held in the page's memory until the shopper consents to analytics: nothing is stored or sent before",
    );
    expect(heldReason(consent, 0)).toBeNull();
  });
});
