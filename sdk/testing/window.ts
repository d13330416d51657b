/** A window for the first paint in unit tests: the page's address and width, no history state. */
export function pageWindow(href: string, width: number): Window & typeof globalThis {
  return {
    location: new URL(href),
    innerWidth: width,
    history: { state: null },
    IntersectionObserver: globalThis.IntersectionObserver,
    MessageChannel: globalThis.MessageChannel,
    setTimeout: globalThis.setTimeout.bind(globalThis),
    performance: globalThis.performance,
    document,
  } as unknown as Window & typeof globalThis;
}
