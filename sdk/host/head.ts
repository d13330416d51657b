import { HEAD_TEMPLATE_ID } from '../contract.js';
import type { Timers } from '../ports/env.js';

/** The head tags Aisle owns: title, canonical, meta title, description, robots. */
export interface HeadTags {
  title?: string;
  canonical?: string;
  metaTitle?: string;
  description?: string;
  robots?: string;
}

/** Head replacement retries every 100 ms for 10 s while the template is missing. */
export const HEAD_RETRY_MS = 100;
export const HEAD_RETRY_FOR_MS = 10_000;

const kinds: Array<{ key: keyof HeadTags; label: string; selector: string; attr: string | null }> = [
  { key: 'title', label: 'title', selector: 'title', attr: null },
  { key: 'canonical', label: 'canonical link', selector: 'link[rel="canonical"]', attr: 'href' },
  { key: 'metaTitle', label: 'meta title', selector: 'meta[name="title"]', attr: 'content' },
  { key: 'description', label: 'meta description', selector: 'meta[name="description"]', attr: 'content' },
  { key: 'robots', label: 'meta robots', selector: 'meta[name="robots"]', attr: 'content' },
];

/** Reads the tags of `<template id="aisle-head">`; null when the template is not (yet) there. */
export function readHeadTemplate(doc: Document): HeadTags | null {
  const template = doc.getElementById(HEAD_TEMPLATE_ID);
  if (!(template instanceof HTMLTemplateElement)) return null;
  const tags: HeadTags = {};
  for (const kind of kinds) {
    const el = template.content.querySelector(kind.selector);
    const value = el ? (kind.attr ? el.getAttribute(kind.attr) : el.textContent) : null;
    if (value !== null) tags[kind.key] = value;
  }
  return tags;
}

function createTag(doc: Document, kind: (typeof kinds)[number]): Element {
  if (kind.key === 'title') return doc.createElement('title');
  if (kind.key === 'canonical') {
    const link = doc.createElement('link');
    link.rel = 'canonical';
    return link;
  }
  const meta = doc.createElement('meta');
  meta.name = kind.selector.match(/name="(\w+)"/)![1]!;
  return meta;
}

/** Replaces the host's tags of the same kind; the cleanup puts them back. */
export function applyHeadTags(doc: Document, tags: HeadTags): () => void {
  const restores: Array<() => void> = [];
  for (const kind of kinds) {
    const value = tags[kind.key];
    if (value === undefined) continue;
    const existing = [...doc.head.querySelectorAll(kind.selector)];
    const ours = createTag(doc, kind);
    if (kind.attr) ours.setAttribute(kind.attr, value);
    else ours.textContent = value;
    ours.setAttribute('data-aisle-head', '');
    const anchor = existing[0] ?? null;
    doc.head.insertBefore(ours, anchor);
    existing.forEach((el) => el.remove());
    restores.push(() => {
      if (ours.parentNode) existing.forEach((el) => ours.parentNode!.insertBefore(el, ours));
      else existing.forEach((el) => doc.head.appendChild(el));
      ours.remove();
    });
  }
  return () => restores.reverse().forEach((restore) => restore());
}

/** Owns Aisle's head tags across screens: each `set` replaces the last, `restore` puts the host's back. */
export interface HeadManager {
  set(tags: HeadTags): void;
  restore(): void;
}

/** Head manager for `doc`. */
export function createHeadManager(doc: Document): HeadManager {
  let restore: (() => void) | undefined;
  return {
    set(tags) {
      restore?.();
      restore = applyHeadTags(doc, tags);
    },
    restore() {
      restore?.();
      restore = undefined;
    },
  };
}

/** Copies the head template into the head, retrying until it appears, then warns once per missing tag. */
export function syncHeadFromTemplate(
  doc: Document,
  timers: Timers,
  log: Pick<Console, 'warn'>,
  head: HeadManager = createHeadManager(doc),
): () => void {
  let waited = 0;
  let handle: unknown;
  const attempt = (): boolean => {
    const tags = readHeadTemplate(doc);
    if (!tags) return false;
    head.set(tags);
    for (const kind of kinds) {
      if (tags[kind.key] === undefined) log.warn(`[Aisle] head template has no ${kind.label}: the host's is kept.`);
    }
    return true;
  };
  if (!attempt()) {
    handle = timers.setInterval(() => {
      waited += HEAD_RETRY_MS;
      if (attempt()) timers.clearInterval(handle);
      else if (waited >= HEAD_RETRY_FOR_MS) {
        timers.clearInterval(handle);
        for (const kind of kinds)
          log.warn(`[Aisle] missing head tag: ${kind.label} (no #${HEAD_TEMPLATE_ID} template).`);
      }
    }, HEAD_RETRY_MS);
  }
  return () => {
    timers.clearInterval(handle);
    head.restore();
  };
}
