import { describe, expect, it } from 'vitest';
import { CSP_CASES, nonceAttribute, pagePolicy, violationWatcher } from './csp.js';

const policyOf = (csp: string) => pagePolicy(new URL(`http://stack.test/maple/boots?csp=${csp}`));

describe('the demo pages behind a CSP', () => {
  it('sends no policy without ?csp=', () => {
    expect(pagePolicy(new URL('http://stack.test/maple/boots'))).toBeNull();
    expect(nonceAttribute(null)).toBe('');
    expect(violationWatcher(null)).toBe('');
  });

  it('sends the documented header of each case, with a fresh nonce where the case has one', () => {
    expect(policyOf('self')?.header).toBe("script-src 'self'; object-src 'none'; base-uri 'none'");
    expect(policyOf('trusted-types')?.header).toBe("require-trusted-types-for 'script'; trusted-types aisle");
    const first = policyOf('nonce')!;
    const second = policyOf('nonce')!;
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.header).toBe(`script-src 'nonce-${first.nonce}'; object-src 'none'; base-uri 'none'`);
    expect(policyOf('nonce-strict-dynamic')?.header).toContain(`'nonce-`);
    expect(policyOf('nonce-strict-dynamic')?.header).toContain(`'strict-dynamic'`);
    expect(policyOf('strict')?.header).toMatch(
      /'strict-dynamic'.*require-trusted-types-for 'script'; trusted-types aisle$/,
    );
    expect(CSP_CASES).toHaveLength(5);
  });

  it('gives the page’s scripts the nonce and names the case it does not know', () => {
    const policy = policyOf('nonce')!;
    expect(violationWatcher(policy)).toBe(`<script src="/demo/csp-watch.js" nonce="${policy.nonce}"></script>`);
    expect(() => policyOf('unsafe')).toThrow(/\?csp=unsafe is not a case: expected self, nonce-strict-dynamic/);
  });
});
