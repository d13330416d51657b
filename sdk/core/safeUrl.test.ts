import { describe, expect, it } from 'vitest';
import { safeHref } from './safeUrl';

describe('safeHref: nothing from a response becomes a script URL', () => {
  it.each([
    ['/maple/p/ap-1', '/maple/p/ap-1'],
    ['https://shop.example/p/1', 'https://shop.example/p/1'],
    ['dresses?locale=fr_CA', 'dresses?locale=fr_CA'],
    ['javascript:alert(1)', ''],
    [' JavaScript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['data:text/html,<script>alert(1)</script>', ''],
    ['vbscript:msgbox', ''],
    ['\\\\evil.example', ''],
    ['', ''],
    [42, ''],
    [null, ''],
  ])('%j → %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
