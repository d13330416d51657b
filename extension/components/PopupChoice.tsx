/** One of the popup's drop-down choices, saved to the site's settings as soon as it changes. */
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import type { PopupStore } from '../lib/PopupStore.js';
import type { SiteSettings } from '../lib/settings.js';

// Every part that reads the store is an observer of its own: a plain child would only re-render
// when its parent happens to, and would show a stale status.
/** A labelled select bound to one field of the site's settings. */
export const Choice = observer(function Choice<K extends keyof SiteSettings>({
  store,
  field,
  label,
  options,
}: {
  store: PopupStore;
  field: K;
  label: string;
  options: Array<[string, string]>;
}): ReactElement {
  const value = String(store.site[field]);
  const chosen = options.find(([v]) => v === value)?.[1] ?? value;
  return (
    <label className="field">
      <span>{label}</span>
      <select
        name={field}
        value={value}
        title={chosen}
        onChange={(e) => void store.update({ [field]: e.target.value } as Partial<SiteSettings>)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v} title={text}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
});
