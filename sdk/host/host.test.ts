// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectDelayedScripts } from './bodyScripts.js';
import { applyHeadTags, syncHeadFromTemplate } from './head.js';
import { guardHistory } from './history.js';
import { listingSlot } from './listingSlot.js';
import { waitForElement } from './mainElement.js';
import { browserTimers, trackTimers } from './timers.js';

const timers = browserTimers();
const log = () => ({ warn: vi.fn(), info: vi.fn() });

beforeEach(() => {
  vi.useFakeTimers();
  document.head.innerHTML = '<title>Host</title><meta name="description" content="host">';
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('main element (polled every 100 ms)', () => {
  it('finds the element once it appears', () => {
    const found = vi.fn();
    waitForElement(document, '#late', timers, found);
    vi.advanceTimersByTime(300);
    expect(found).not.toHaveBeenCalled();
    document.body.innerHTML = '<div id="late"></div>';
    vi.advanceTimersByTime(100);
    expect(found).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(found).toHaveBeenCalledTimes(1);
  });

  it('stops polling on cleanup and reports an invalid selector once', () => {
    const stop = waitForElement(document, '#never', timers, vi.fn());
    stop();
    expect(vi.getTimerCount()).toBe(0);
    const l = log();
    waitForElement(document, '][', timers, vi.fn(), l);
    expect(l.warn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('head tags', () => {
  it('copies the template, replacing the host tags of the same kind, and restores them', () => {
    document.body.innerHTML =
      '<template id="aisle-head"><title>Dresses</title><link rel="canonical" href="https://x/d"><meta name="title" content="T"><meta name="description" content="D"><meta name="robots" content="index"></template>';
    const l = log();
    const stop = syncHeadFromTemplate(document, timers, l);
    expect(document.title).toBe('Dresses');
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://x/d');
    expect(l.warn).not.toHaveBeenCalled();
    stop();
    expect(document.title).toBe('Host');
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('host');
    expect(document.querySelector('link[rel=canonical]')).toBeNull();
  });

  it('warns once per tag the template lacks', () => {
    document.body.innerHTML = '<template id="aisle-head"><title>Only a title</title></template>';
    const l = log();
    syncHeadFromTemplate(document, timers, l);
    expect(l.warn).toHaveBeenCalledTimes(4);
  });

  it('retries every 100 ms for 10 s, then warns for every tag', () => {
    const l = log();
    syncHeadFromTemplate(document, timers, l);
    vi.advanceTimersByTime(9_900);
    expect(l.warn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(l.warn).toHaveBeenCalledTimes(5);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('picks up a template that arrives late', () => {
    const l = log();
    syncHeadFromTemplate(document, timers, l);
    vi.advanceTimersByTime(500);
    document.body.innerHTML =
      '<template id="aisle-head"><title>Late</title><link rel="canonical" href="/c"><meta name="title" content="T"><meta name="description" content="D"><meta name="robots" content="r"></template>';
    vi.advanceTimersByTime(100);
    expect(document.title).toBe('Late');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never interprets tag values as HTML', () => {
    applyHeadTags(document, { title: '<img src=x onerror=alert(1)>' });
    expect(document.title).toBe('<img src=x onerror=alert(1)>');
    expect(document.head.querySelector('img')).toBeNull();
  });
});

describe('history guard (updates to #department are stopped)', () => {
  it('stops push and replace to an address containing #department and restores on cleanup', () => {
    const original = history.pushState;
    const stop = guardHistory(window, log());
    history.pushState(null, '', '/a#department');
    expect(location.hash).not.toBe('#department');
    history.pushState(null, '', '/b');
    expect(location.pathname).toBe('/b');
    stop();
    expect(history.pushState).toBe(original);
  });

  it('stops nothing after cleanup even when the host wrapped pushState after Aisle', () => {
    const original = history.pushState;
    const stop = guardHistory(window, log());
    const guarded = history.pushState;
    // A host router wraps whatever it finds, so Aisle's wrapper stays in its chain.
    history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
      return guarded.apply(this, args);
    };
    const hostWrapper = history.pushState;
    stop();
    expect(history.pushState).toBe(hostWrapper);
    history.pushState(null, '', '/c#department');
    expect(location.hash).toBe('#department');
    history.pushState = original;
  });
});

describe('delayed body scripts (injected after 100 ms)', () => {
  it('injects the template scripts after 100 ms and removes them on cleanup', () => {
    document.body.innerHTML =
      '<template id="aisle-body-scripts"><script>window.__ran = (window.__ran || 0) + 1</script></template>';
    const stop = injectDelayedScripts(document, timers);
    vi.advanceTimersByTime(99);
    expect(document.querySelectorAll('script[data-aisle-injected]')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(document.querySelectorAll('script[data-aisle-injected]')).toHaveLength(1);
    stop();
    expect(document.querySelectorAll('script[data-aisle-injected]')).toHaveLength(0);
  });
});

describe('tracked timers', () => {
  it('knows what is pending and clears everything at once', () => {
    const tracked = trackTimers(timers);
    tracked.setTimeout(() => undefined, 1000);
    tracked.setInterval(() => undefined, 100);
    expect(tracked.pending()).toBe(2);
    tracked.dispose();
    expect(tracked.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the listing slot', () => {
  it('swaps in Aisle’s container and gives back the content the host had when Aisle took over', () => {
    document.body.innerHTML = '<main><p>Loading our own list…</p></main>';
    const main = document.querySelector('main')!;
    const slot = listingSlot(main, document);
    slot.restore();
    expect(main.innerHTML).toBe('<p>Loading our own list…</p>');
    // The host changed its content while Aisle was waiting for data.
    main.innerHTML = '<h1>Jackets</h1>';
    slot.show();
    expect(main.firstElementChild).toBe(slot.container);
    slot.restore();
    expect(main.innerHTML).toBe('<h1>Jackets</h1>');
  });
});
