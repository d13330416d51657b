import { describe, expect, it } from 'vitest';
import { applyReport, emptyBuffer, pageStarted, type TabBuffer } from './inspectorBuffer.js';
import { tabStatusOf } from './tabStatus.js';

function search(buffer: TabBuffer, phase: 'request' | 'response' | 'error', status: number | null): void {
  applyReport(
    buffer,
    'load-1',
    'https://shop.example/c/dresses',
    {
      kind: 'debug',
      detail: {
        source: 'search',
        phase,
        at: 0,
        url: 'http://127.0.0.1:4173/search',
        body: null,
        status,
        latencyMs: 5,
        error: phase === 'error' ? 'Failed to fetch search results (HTTP 503)' : null,
        total: null,
        pageNotFound: null,
      },
    },
    0,
  );
}

describe('tabStatusOf', () => {
  it('forgets the last page’s outcome once a page without Aisle started in the tab, and not before', () => {
    const buffer = emptyBuffer();
    const shown = { outcome: 'shown' as const, tookOver: false, message: 'showing maple', at: 0 };
    applyReport(buffer, 'dlp', 'https://shop.example/maple/dresses', { kind: 'preview', status: shown }, 0);
    // The same page's relay says so again (back from the back-forward cache): still shown.
    pageStarted(buffer, 'dlp', 1);
    expect(tabStatusOf(buffer, null).preview).toEqual(shown);
    pageStarted(buffer, 'product-page', 2);
    expect(tabStatusOf(buffer, null)).toMatchObject({ preview: null, searchError: null });
  });

  it('reports a search error while it is the latest answer', () => {
    const buffer = emptyBuffer();
    search(buffer, 'request', null);
    search(buffer, 'error', 503);
    expect(tabStatusOf(buffer, null).searchError).toContain('HTTP 503');
  });

  it('forgets an old search error once a later search succeeds', () => {
    const buffer = emptyBuffer();
    search(buffer, 'request', null);
    search(buffer, 'error', 503);
    search(buffer, 'request', null);
    search(buffer, 'response', 200);
    expect(tabStatusOf(buffer, null).searchError).toBeNull();
  });
});
