/**
 * What a view needs from whoever draws it: a `createElement` in React's shape (a tag, its props, its
 * children). The app hands it React's (sdk/ui/renderer.ts); the first paint hands it one that makes
 * DOM elements at once (sdk/firstPaint/elements.ts); the server render one that writes HTML text
 * (sdk/serverRender/html.ts). Each view of the listing is written once, in this folder, as
 * `createX(renderer) => (props) => element`, so the renderers draw the same elements by
 * construction rather than by a test's vigilance.
 *
 * Props are spelled as React spells them (`className`, `tabIndex`, `htmlFor`, style objects,
 * boolean `aria-*`, `key` on the items of a list), and every renderer must turn them into the
 * attributes React would. Views are stateless: state, refs and handlers arrive as props, and a
 * view only passes handlers and refs on, never calls them.
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
  /**
   * Several children in a fixed order, without an element around them (React's fragment); a plain
   * list where order alone is enough (the DOM and text renderers).
   */
  group?: (...children: Child<E>[]) => Child<E>;
}

/** The renderer's `group`, or a plain list. */
export function groupOf<E>(renderer: Renderer<E>): (...children: Child<E>[]) => Child<E> {
  return renderer.group ?? ((...children) => children);
}
