// @vitest-environment happy-dom
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { configure } from 'mobx';
import { afterEach, expect, it } from 'vitest';
import { RootStore } from '../../stores/RootStore.js';
import { fakeEnv, testContext } from '../../testing/stores.js';
import { AisleRoot } from '../AisleRoot.js';

configure({ enforceActions: 'always' });
// Driven as a page drives it: a click's update is rendered at once, the rest in later tasks.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

afterEach(() => document.body.replaceChildren());

it('the frame that answers a filter click shows the pressed filter; the grid dims, the chips and the toolbar counts come in the render after it', async () => {
  const env = fakeEnv();
  env.reply(() => new Promise(() => undefined));
  const store = new RootStore(env, testContext(), 1280);
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(<AisleRoot store={store} />));
  await settle();
  const grid = () => container.querySelector('[data-aisle="grid"]')!;
  expect(grid().classList.contains('aisle-grid--busy')).toBe(false);
  // What a click handler does: the change is rendered before the browser paints.
  flushSync(() => store.dlp.toggleFilter('color', 'black'));
  expect(store.search.loading).toBe(true);
  expect(store.dlp.selectedCount).toBe(1);
  expect(grid().classList.contains('aisle-grid--busy')).toBe(false);
  // A first chip row would push every card down in that frame; new badges would move the toolbar.
  expect(container.querySelector('[data-aisle="chips"]')).toBeNull();
  const badges = () => [...container.querySelectorAll('.aisle-toolbar .aisle-badge')].map((b) => b.textContent);
  expect(badges()).toEqual([]);
  await settle();
  expect(badges()).toEqual([', 1 selected1', '1']);
  expect(grid().classList.contains('aisle-grid--busy')).toBe(true);
  expect(container.querySelector('[data-aisle="chips"]')?.textContent).toContain('Black');
  expect(grid().getAttribute('aria-busy')).toBe('true');
  root.unmount();
});
