// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { sanitizeServerHtml } from './sanitize';

describe('sanitizeServerHtml: server HTML keeps its content and loses everything that runs', () => {
  it('keeps text formatting, lists, headings and web links', () => {
    const html =
      '<h2>Boots</h2><p>Warm <strong>and</strong> <em>dry</em>. <a href="/maple/socks" title="Socks">Socks</a></p><ul><li>One</li></ul>';
    expect(sanitizeServerHtml(html)).toBe(html);
  });

  it.each([
    ['<img src="x" onerror="alert(1)">', /onerror/],
    ['<script>alert(1)</script><p>ok</p>', /script|alert/],
    ['<a href="javascript:alert(1)">a</a>', /javascript/],
    ['<a href="JaVaScRiPt&colon;alert(1)">a</a>', /script:/i],
    ['<a href="java&Tab;script:alert(1)">a</a>', /&Tab;script:/],
    ['<iframe src="https://evil.example"></iframe>', /iframe|evil/],
    ['<p style="position:fixed;inset:0">x</p>', /style|fixed/],
    ['<svg><script>alert(1)</script></svg>', /script|alert/],
    ['<form action="/x"><input name="q"><button>go</button></form>', /form|input/],
    ['<!-- <script>alert(1)</script> -->', /script|alert/],
    ['<a href="https://shop.example" target="_blank" onclick="steal()">x</a>', /onclick|steal|target/],
  ])('removes what runs or escapes from %s', (html, bad) => {
    expect(sanitizeServerHtml(html)).not.toMatch(bad);
  });

  it.each([
    '<a href="javascript:alert(1)">a</a>',
    '<a href="java\tscript:alert(1)">a</a>',
    '<a href="java&#x09;script:alert(1)">a</a>',
    '<a href="java&Tab;script:alert(1)">a</a>',
    '<a href="JaVaScRiPt&colon;alert(1)">a</a>',
    '<a href=" &#106;avascript:alert(1)">a</a>',
    '<img src="data:text/html,<script>alert(1)</script>">',
  ])('leaves no address that a browser would read as a script in %s', (html) => {
    // Read the written markup back as a browser does, and resolve every address it holds.
    const page = new DOMParser().parseFromString(`<body>${sanitizeServerHtml(html)}</body>`, 'text/html');
    for (const element of page.querySelectorAll('[href], [src]')) {
      const address = element.getAttribute('href') ?? element.getAttribute('src')!;
      expect(['http:', 'https:']).toContain(
        new URL(address.replace(/[\t\n\r]/g, ''), 'https://shop.example/').protocol,
      );
    }
  });

  it('keeps the text of a refused element, and gives "" for what is not a string', () => {
    expect(sanitizeServerHtml('<marquee>Sale</marquee>')).toBe('Sale');
    expect(sanitizeServerHtml(null)).toBe('');
    expect(sanitizeServerHtml({ html: '<p>x</p>' })).toBe('');
  });
});
