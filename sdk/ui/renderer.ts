/**
 * The shared views (sdk/views) drawn by React. A wrapper calls a view as a function, not as a
 * component: a view has no hooks, and a component of its own would add a fiber to every card.
 */
import { createElement, Fragment, type ReactElement } from 'react';
import type { Renderer } from '../views/renderer.js';

/** React's `createElement` as the views call it; a group is a fragment (its children need no keys). */
export const reactRenderer: Renderer<ReactElement> = {
  createElement: createElement as Renderer<ReactElement>['createElement'],
  group: (...children) => createElement(Fragment, null, ...(children as never[])),
};
