// @vitest-environment happy-dom
import { createElement } from 'react';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PopupErrorBoundary } from './Popup.js';

(globalThis as unknown as { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Broken(): never {
  throw new URIError('URI malformed');
}

describe('PopupErrorBoundary', () => {
  const container = document.createElement('div');
  afterEach(() => {
    container.innerHTML = '';
  });

  it('still offers "Turn preview off" for the tab’s origin when the view throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const tab = { id: 7, url: 'https://shop.example/sale/50%-off-sheets' };
    const turnOff = vi.fn(async () => true);
    const root = createRoot(container);
    await act(async () => {
      root.render(createElement(PopupErrorBoundary, { tab, turnOff }, createElement(Broken)));
    });
    expect(container.textContent).toContain('URI malformed');
    expect(container.textContent).toContain('for https://shop.example');
    const button = container.querySelector<HTMLButtonElement>('button[name="turnOff"]');
    expect(button?.textContent).toBe('Turn preview off');
    await act(async () => button!.click());
    expect(turnOff).toHaveBeenCalledWith(tab);
    expect(container.querySelector('button[name="turnOff"]')?.textContent).toBe('Preview turned off');
    act(() => root.unmount());
  });

  it('shows the popup itself when nothing throws', async () => {
    const root = createRoot(container);
    await act(async () => {
      root.render(createElement(PopupErrorBoundary, { tab: null, turnOff: vi.fn() }, createElement('p', null, 'ok')));
    });
    expect(container.textContent).toBe('ok');
    act(() => root.unmount());
  });
});
