/** The live view's other ways to name a visitor: a pasted token's subject, or the code their page shows. */
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent, type ReactElement } from 'react';
import type { LiveVisitorStore } from '../lib/LiveVisitorStore.js';
import { clock } from '../lib/inspectorIo.js';

/** Token and code fields, and the visitors a code named when it named several. */
export const LiveLookup = observer(function LiveLookup({ live }: { live: LiveVisitorStore }): ReactElement {
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  const byToken = async (e: FormEvent): Promise<void> => {
    e.preventDefault();
    await live.followToken(token);
    // Once its subject is read the token is of no more use: it leaves the field and is kept nowhere.
    if (live.foundBy === 'token subject') setToken('');
  };
  const byCode = (e: FormEvent): void => {
    e.preventDefault();
    void live.followCode(code);
  };
  return (
    <div className="live-lookup">
      <form className="truth-form" onSubmit={(e) => void byToken(e)}>
        <label>
          Visitor token{' '}
          <input
            name="liveToken"
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="eyJ…"
          />
        </label>
        <button type="submit" name="liveFollowToken">
          Follow its subject
        </button>
      </form>
      <form className="truth-form" onSubmit={byCode}>
        <label>
          Code from the page{' '}
          <input
            name="liveCode"
            autoComplete="off"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="K7M-4QX"
            className="live-code"
          />
        </label>
        <button type="submit" name="liveFindCode">
          Find and follow
        </button>
      </form>
      {live.candidates.length > 0 ? (
        <fieldset className="live-candidates" data-testid="live-candidates">
          <legend>This code names {live.candidates.length} visitors of the shop: which one?</legend>
          {live.candidates.map((c) => (
            <button key={c.visitorId} type="button" name="liveCandidate" onClick={() => void live.pick(c.visitorId)}>
              <code>{c.visitorId}</code>
              {c.lastReceivedAt ? ` · last heard ${clock(Date.parse(c.lastReceivedAt))}` : ''}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
});
