import { describe, expect, it } from 'vitest';
import { consentModeFor, readConsentSetting } from './consentSetting.js';
import { readRenderContext } from './normalize.js';

describe('the tenant’s consent setting', () => {
  it.each([
    [undefined, 'us', 'implied'],
    ['required', 'us', 'required'],
    ['REQUIRED ', 'ca', 'required'],
    [{ ca: 'required' }, 'ca', 'required'],
    [{ ca: 'required' }, 'us', 'implied'],
    [{ ca: 'required', default: 'required', us: 'implied' }, 'us', 'implied'],
    [{ default: 'required' }, 'us', 'required'],
  ])('%j in region %s is %s', (raw, region, mode) => {
    expect(consentModeFor(readConsentSetting(raw), region)).toBe(mode);
  });

  it('drops what it cannot use, so a typo never turns tracking on where it was asked off', () => {
    expect(readConsentSetting('ask')).toBeUndefined();
    expect(readConsentSetting({ ca: 'maybe', us: 'required', eu: 'implied' })).toEqual({ us: 'required' });
    expect(readConsentSetting(['required'])).toBeUndefined();
  });

  it('is read from the render context with the tenant’s query parameters', () => {
    const result = readRenderContext({
      config: { id: 'maple', consent: { ca: 'required' }, queryParams: ['store', ' lang ', '', 3, 'store'] },
    });
    expect(result.ok && result.context.config).toMatchObject({
      consent: { ca: 'required' },
      queryParams: ['store', 'lang'],
    });
  });
});
