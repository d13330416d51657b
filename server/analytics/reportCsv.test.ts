import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { arrangeReport } from './report.js';
import { csvCell, csvTable, REPORT_TABLES } from './reportCsv.js';

describe('the report as CSV', () => {
  it('quotes cells that need it and defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("http://evil.example")')).toBe(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell(null)).toBe('');
  });

  it('writes every table with a header row', () => {
    const report = arrangeReport(
      'outdoor',
      '2024-05-01T00:00:00.000Z',
      '2024-05-02T00:00:00.000Z',
      {
        positions: [{ listing: '/boots', position: 1, impressions: 4, clicks: 1 }],
        products: [{ listing: '/boots', productId: 'b1', name: '=cmd|calc', impressions: 4, clicks: 1, ctr: 0.25 }],
        resultSets: [{ listing: '/boots', resultSets: 2, empty: 1 }],
        vitals: [{ deviceClass: 'mobile', metric: 'lcp_ms', p75: 2100, samples: 9 }],
        emptyFilters: [{ listing: '/boots', param: 'filters', value: 'size~%2B44', resultSets: 3, empty: 1 }],
        conversions: [
          {
            listing: null,
            position: 0,
            productId: 'b2',
            adds: 0,
            purchases: 1,
            units: 1,
            revenue: 10,
            currency: 'EUR',
          },
          {
            listing: '/boots',
            position: 1,
            productId: 'b1',
            adds: 1,
            purchases: 1,
            units: 2,
            revenue: 59.8,
            currency: 'EUR',
          },
        ],
      },
      1,
    );
    const sales = 'adds_to_cart,conversions,units,revenue,conversion_rate';
    expect(csvTable(report, 'listings')).toBe(
      `listing,impressions,clicks,ctr,result_sets,empty_share,${sales}\r\n/boots,4,1,0.25,2,0.5,1,1,2,59.8,1\r\n`,
    );
    expect(csvTable(report, 'positions')).toBe(
      `listing,position,impressions,clicks,ctr,${sales}\r\n/boots,1,4,1,0.25,1,1,2,59.8,1\r\n`,
    );
    expect(csvTable(report, 'best_sellers')).toBe(
      `listing,rank,product_id,name,clicks,${sales}\r\n/boots,1,b1,'=cmd|calc,1,1,1,2,59.8,1\r\n`,
    );
    expect(csvTable(report, 'sales')).toBe(
      'currency,adds_to_cart,conversions,units,revenue,attributed_adds_to_cart,attributed_conversions,attributed_revenue\r\n' +
        'EUR,1,2,3,69.8,1,1,59.8\r\n',
    );
    expect(csvTable(report, 'products')).toBe(
      'listing,list,rank,product_id,name,impressions,clicks,ctr,ctr_low,ctr_high\r\n' +
        "/boots,most,1,b1,'=cmd|calc,4,1,0.25,0.0456,0.6994\r\n",
    );
    expect(csvTable(report, 'empty_filters')).toBe(
      "listing,filter,value,empty,result_sets\r\n/boots,size,'+44,1,3\r\n",
    );
    expect(csvTable(report, 'vitals')).toBe('device_class,metric,p75,samples\r\nmobile,lcp_ms,2100,9\r\n');
  });

  it('has its table names documented in docs/report.md, each with its columns', () => {
    const doc = readFileSync(new URL('../../docs/report.md', import.meta.url), 'utf8').split('\n');
    const start = doc.findIndex((line) => line.startsWith('| `table=`'));
    const rows = doc
      .slice(start + 2)
      .filter((line, index, all) => all.slice(0, index + 1).every((l) => l.startsWith('|')));
    expect(rows.map((row) => /^\| `([a-z_]+)`/.exec(row)?.[1])).toEqual([...REPORT_TABLES]);
  });
});
