import { describe, expect, it } from 'vitest';
import { checkedSanitizer } from './SafeHtml.js';

describe('checkedSanitizer', () => {
  it('keeps a sanitiser that removes the hostile probe', () => {
    const strip = (html: string) =>
      html.replace(/<script.*?<\/script>|<iframe.*?<\/iframe>|\son\w+="[^"]*"|javascript:[^"]*/g, '');
    expect(checkedSanitizer(strip)('<p>ok</p>')).toBe('<p>ok</p>');
  });
  it('replaces a sanitiser that lets the probe through with one that lets nothing in', () => {
    const broken = (html: string) => html;
    expect(checkedSanitizer(broken)('<p>ok</p><script>alert(1)</script>')).toBe('');
  });
  it('probes without an event-handler attribute, which a page under script-src would report as a violation', () => {
    const probes: string[] = [];
    checkedSanitizer((html) => (probes.push(html), ''));
    expect(probes).toHaveLength(1);
    expect(probes[0]).not.toMatch(/\son[a-z]+\s*=/i);
  });
});
