/** The search requests the page made, decoded into what a reader asks about them. */
import type { ReactElement } from 'react';
import type { PageLoad } from '../lib/inspectorBuffer.js';
import { describeSearch } from '../lib/inspectorHealth.js';
import { clock } from '../lib/inspectorIo.js';

/** Every search request of the tab, newest first. */
export function Searches({ loads }: { loads: PageLoad[] }): ReactElement | null {
  const searches = loads.flatMap((load) => load.searches.map((s) => ({ load, s }))).reverse();
  if (searches.length === 0) return null;
  return (
    <details className="searches" open>
      <summary>Search requests ({searches.length})</summary>
      <table className="search-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Request</th>
            <th scope="col">Filters</th>
            <th scope="col">Sort</th>
            <th scope="col">Answer</th>
          </tr>
        </thead>
        <tbody>
          {searches.map(({ load, s }) => {
            const d = describeSearch(s);
            return (
              <tr key={`${load.loadId}-${s.n}`} data-testid="search" className={`search search-${s.state}`}>
                <td className="time">{clock(s.startedAt)}</td>
                <td title={s.url}>{d.request}</td>
                <td>{d.filters}</td>
                <td>{d.sort}</td>
                <td>
                  {d.answer}
                  {d.empty ? <div className="reason">Why it may look empty: {d.empty}</div> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
