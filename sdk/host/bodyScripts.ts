import type { Timers } from '../ports/env.js';

/** Delayed body scripts are injected 100 ms after the listing rendered (a product rule). */
export const BODY_SCRIPTS_DELAY_MS = 100;

/** Injects `<template id="aisle-body-scripts">`'s scripts after the render, so tags find the listing. */
export function injectDelayedScripts(doc: Document, timers: Timers): () => void {
  const injected: HTMLScriptElement[] = [];
  const handle = timers.setTimeout(() => {
    const template = doc.getElementById('aisle-body-scripts');
    if (!(template instanceof HTMLTemplateElement)) return;
    for (const source of template.content.querySelectorAll('script')) {
      // A cloned template script never runs; a fresh element with the same attributes does.
      const script = doc.createElement('script');
      for (const attr of source.attributes) script.setAttribute(attr.name, attr.value);
      script.textContent = source.textContent;
      script.setAttribute('data-aisle-injected', '');
      doc.body.appendChild(script);
      injected.push(script);
    }
  }, BODY_SCRIPTS_DELAY_MS);
  return () => {
    timers.clearTimeout(handle);
    injected.forEach((s) => s.remove());
  };
}
