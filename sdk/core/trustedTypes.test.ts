import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAislePolicy, POLICY_NAME } from './trustedTypes.js';

afterEach(() => vi.restoreAllMocks());

describe("Aisle's Trusted Types policy", () => {
  it('is none where the browser has no Trusted Types', () => {
    expect(createAislePolicy({})).toBeNull();
  });

  it('is created under the one documented name, with rules that keep their input', () => {
    const createPolicy = vi.fn((_name: string, rules: Record<string, (s: string) => string>) => rules);
    const policy = createAislePolicy({ trustedTypes: { createPolicy } });
    expect(createPolicy).toHaveBeenCalledTimes(1);
    expect(createPolicy.mock.calls[0]![0]).toBe('aisle');
    expect(POLICY_NAME).toBe('aisle');
    expect(policy?.createScriptURL('https://cdn.example/aisle-app.js')).toBe('https://cdn.example/aisle-app.js');
    expect(policy?.createHTML('<p>x</p>')).toBe('<p>x</p>');
    expect(policy?.createScript('{"a":1}')).toBe('{"a":1}');
  });

  it('says how to allow it when the page refuses the name, and gives none', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = {
      createPolicy: () => {
        throw new TypeError('Policy "aisle" disallowed.');
      },
    };
    expect(createAislePolicy({ trustedTypes: refused })).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('trusted-types'));
  });
});
