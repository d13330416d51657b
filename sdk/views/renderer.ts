/**
 * Each view is written once as `createX(renderer) => (props) => element`, so React, the DOM (first
 * paint) and HTML text (server render) draw the same elements by construction. Props are spelled as
 * React spells them and every renderer must give the attributes React would. Views are stateless:
 * they pass handlers and refs on, never call them.
 */

/** What a view can hold: an element of its renderer, text, nothing, or a (keyed) list of them. */
export type Child<E> = E | string | number | false | null | undefined | readonly Child<E>[];

/** An element's props, spelled as React spells them. */
export type Props = Readonly<Record<string, unknown>>;

/** Makes one element of a renderer. */
export type CreateElement<E> = (type: string, props: Props | null, ...children: Child<E>[]) => E;

/** A renderer of views: its `createElement`, and `E`, the kind of element it makes. */
export interface Renderer<E> {
  createElement: CreateElement<E>;
  /** React's fragment; the DOM and text renderers need only a plain list. */
  group?: (...children: Child<E>[]) => Child<E>;
}

/** The renderer's `group`, or a plain list. */
export function groupOf<E>(renderer: Renderer<E>): (...children: Child<E>[]) => Child<E> {
  return renderer.group ?? ((...children) => children);
}
