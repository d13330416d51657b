import { describe, expect, it, vi } from 'vitest';
import { PageConsent, permits, readChoices, sendsGpc } from './consent.js';

describe('the shopper’s consent on a page', () => {
  it('under the implied mode, runs what the shopper has not refused', () => {
    const consent = new PageConsent(false);
    expect(consent.allows('analytics', 'implied')).toBe(true);
    consent.set({ analytics: false });
    expect(consent.allows('analytics', 'implied')).toBe(false);
    expect(consent.allows('clicks', 'implied')).toBe(true);
  });

  it('under the required mode, runs only what was granted; a missing key keeps its state', () => {
    const consent = new PageConsent(false);
    expect(consent.allows('analytics', 'required')).toBe(false);
    consent.set({ analytics: true });
    consent.set({ clicks: true });
    expect(consent.allows('analytics', 'required')).toBe(true);
    expect(consent.allows('clicks', 'required')).toBe(true);
    expect(consent.allows('errors', 'required')).toBe(false);
    expect(consent.status('required')).toEqual({
      mode: 'required',
      gpc: false,
      analytics: 'granted',
      errors: 'pending',
      clicks: 'granted',
      experiments: 'pending',
    });
  });

  it('Global Privacy Control turns the third parties off, whatever the mode or the choices; analytics stays', () => {
    const consent = new PageConsent(true);
    consent.set({ analytics: true, errors: true, clicks: true, experiments: true });
    for (const category of ['errors', 'clicks', 'experiments'] as const) {
      expect(consent.allows(category, 'implied')).toBe(false);
      expect(consent.refused(category)).toBe(true);
    }
    expect(consent.allows('analytics', 'required')).toBe(true);
    expect(consent.status('implied')).toMatchObject({ gpc: true, clicks: 'denied', analytics: 'granted' });
  });

  it('tells its followers of each change, once, and not of a call that changes nothing', () => {
    const consent = new PageConsent(false);
    const heard = vi.fn();
    const stop = consent.subscribe(heard);
    consent.set({ analytics: true });
    consent.set({ analytics: true });
    consent.set({});
    expect(heard).toHaveBeenCalledTimes(1);
    stop();
    consent.set({ analytics: false });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it.each([
    [null, 'takes an object'],
    ['yes', 'takes an object'],
    [[true], 'takes an object'],
    [{ marketing: true }, 'unknown category "marketing"'],
    [{ analytics: 'yes' }, 'analytics must be true or false'],
    [{ analytics: 1 }, 'analytics must be true or false'],
  ])('refuses %j whole, saying why', (raw, error) => {
    const consent = new PageConsent(false);
    consent.set({ analytics: true });
    expect(consent.set(raw)).toContain(error);
    expect(consent.allows('analytics', 'required')).toBe(true);
    expect(readChoices(raw).ok).toBe(false);
  });

  it('reads the browser’s signal and the tenant’s mode by region', () => {
    expect(sendsGpc({ globalPrivacyControl: true })).toBe(true);
    expect(sendsGpc({ globalPrivacyControl: 'true' })).toBe(false);
    expect(sendsGpc(undefined)).toBe(false);
    const consent = new PageConsent(false);
    const config = { consent: { ca: 'required' as const } };
    expect(permits(consent, 'analytics', config, 'ca')).toBe(false);
    expect(permits(consent, 'analytics', config, 'us')).toBe(true);
    expect(permits(undefined, 'analytics', { consent: 'required' }, 'us')).toBe(true);
  });
});
