import { describe, expect, it } from 'vitest';
import { csvCell } from './exportCells.js';
import { type BufferedEvent, type TabBuffer } from './inspectorBuffer.js';
import { exportCsv, exportHar, importBuffer } from './inspectorExport.js';

const NOW = Date.parse('2025-03-01T12:00:00.000Z');

function event(over: Partial<BufferedEvent> = {}): BufferedEvent {
  return {
    id: 'e1',
    event: 'search:sort',
    seq: 1,
    state: 'retry_scheduled',
    attempts: 1,
    httpStatus: 503,
    reason: null,
    nextAttemptAt: NOW + 1000,
    payload: null,
    firstSeenAt: NOW,
    updatedAt: NOW,
    shopId: 'maple',
    confirmedBy: null,
    orphaned: false,
    orphanedAt: null,
    sends: 0,
    ...over,
  };
}

/** A buffer as an imported file can make it: any finite number is a time. */
function imported(times: { firstSeenAt: number; nextAttemptAt: number; startedAt: number }): TabBuffer {
  const doc = {
    format: 'aisle-inspector/1',
    loads: [
      {
        loadId: 'l1',
        url: 'not a url',
        startedAt: times.startedAt,
        events: [{ ...event(), firstSeenAt: times.firstSeenAt, nextAttemptAt: times.nextAttemptAt }],
        searches: [{ n: 1, url: '/search', body: {}, startedAt: times.startedAt, state: 'done' }],
        log: [],
      },
    ],
  };
  const result = importBuffer(JSON.stringify(doc));
  if ('error' in result) throw new Error(result.error);
  return result.buffer;
}

describe('exports with times out of range', () => {
  const hostile = imported({ firstSeenAt: 1e20, nextAttemptAt: -1e20, startedAt: 9e15 });

  it('writes CSV with the times clamped and says so in the warnings', () => {
    const csv = exportCsv(hostile.loads[0]!.events);
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain('"9999-12-31T23:59:59.999Z"');
    expect(row).toContain('"0000-01-01T00:00:00.000Z"');
    expect(row).toMatch(/time 100000000000000000000 is out of range, written as 9999-12-31T23:59:59\.999Z/);
    expect(row).toMatch(/next attempt time -100000000000000000000 is out of range/);
  });

  it('writes HAR with the times clamped and marked in the comments', () => {
    const har = JSON.parse(exportHar(hostile, new Date(NOW))) as {
      log: { pages: Array<{ startedDateTime: string; comment?: string }>; entries: Array<Record<string, string>> };
    };
    expect(har.log.pages[0]).toMatchObject({ startedDateTime: '9999-12-31T23:59:59.999Z' });
    expect(har.log.pages[0]!.comment).toContain('out of range');
    expect(har.log.entries.map((e) => e.startedDateTime)).toEqual([
      '9999-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999Z',
    ]);
    expect(har.log.entries.every((e) => e.comment!.includes('out of range'))).toBe(true);
  });

  it('writes a search whose page address cannot be read as it was recorded', () => {
    const har = JSON.parse(exportHar(hostile, new Date(NOW))) as {
      log: { entries: Array<{ request: { url: string } }> };
    };
    expect(har.log.entries[1]!.request.url).toBe('/search');
  });

  it('leaves times in range as they are, unmarked', () => {
    const csv = exportCsv([event()]);
    expect(csv).toContain('"2025-03-01T12:00:00.000Z"');
    expect(csv).not.toContain('out of range');
  });
});

describe('CSV cells a spreadsheet could run', () => {
  it.each([
    ['=1+1'],
    ['+1'],
    ['-1'],
    ['@SUM(A1)'],
    ['\t=1'],
    ['\r=1'],
    ['\n=HYPERLINK("x")'],
    [' =1'],
    ['\u00a0=1'],
    ['\u200b=1'],
    ['\ufeff=1'],
    ['\uff1dHYPERLINK("x")'],
    ['\uff0b1'],
    ['\uff0d1'],
    ['\uff20SUM(A1)'],
    [' \u200b \u00a0\uff1d1'],
  ])('defuses %j with a leading quote', (text) => {
    expect(csvCell(text)).toBe(`"'${text.replace(/"/g, '""')}"`);
  });

  it.each([['search:sort'], ['a=b'], ['1-2'], [''], ['e-mail']])('keeps %j as written', (text) => {
    expect(csvCell(text)).toBe(`"${text}"`);
  });

  it('defuses a reason that starts with a line feed in the exported CSV', () => {
    expect(exportCsv([event({ reason: '\n=cmd|calc' })])).toContain(`"'\n=cmd|calc"`);
  });
});
