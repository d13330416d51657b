// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { domRenderer } from './elements.js';

describe('the first paint’s createElement gives React-style props the attributes React gives them', () => {
  const h = domRenderer(document).createElement;

  it('renames className, htmlFor and tabIndex, writes numbers as text and leaves out null and undefined', () => {
    const el = h('label', { className: 'a b', htmlFor: 'x', tabIndex: -1, width: 480, title: null, id: undefined });
    expect(el.outerHTML).toBe('<label class="a b" for="x" tabindex="-1" width="480"></label>');
  });

  it('writes booleans of aria-* and data-* as text, and other booleans as present or absent', () => {
    const el = h('button', {
      'aria-checked': false,
      'aria-expanded': true,
      'data-x': false,
      hidden: true,
      disabled: false,
    });
    expect(el.getAttribute('aria-checked')).toBe('false');
    expect(el.getAttribute('aria-expanded')).toBe('true');
    expect(el.getAttribute('data-x')).toBe('false');
    expect(el.getAttribute('hidden')).toBe('');
    expect(el.hasAttribute('disabled')).toBe(false);
  });

  it('sets style objects property by property, custom properties included', () => {
    const el = h('p', { style: { backgroundColor: '#336699', '--aisle-fill': '40%' } });
    expect(el.style.backgroundColor).not.toBe('');
    expect(el.style.getPropertyValue('--aisle-fill')).toBe('40%');
  });

  it('ignores key, ref and handlers', () => {
    const el = h('a', { key: 'k', ref: {}, onClick: () => undefined, href: '/x' });
    expect(el.outerHTML).toBe('<a href="/x"></a>');
  });

  it('appends text, numbers, elements and nested lists, and skips empty text, null and false', () => {
    const el = h('p', null, '+', 3, ['', [h('b', null, 'x'), null, false]], undefined);
    expect(el.outerHTML).toBe('<p>+3<b>x</b></p>');
    expect(el.childNodes.length).toBe(3);
  });

  it('chooses a select’s option by its value', () => {
    const select = h('select', { value: 'b' }, [
      h('option', { key: 'a', value: 'a' }, 'A'),
      h('option', { key: 'b', value: 'b' }, 'B'),
    ]);
    expect((select as HTMLSelectElement).value).toBe('b');
  });
});
