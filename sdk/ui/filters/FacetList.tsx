/**
 * Keeps long option lists usable: a search box, "Show N more", and a list area of stable height that
 * scrolls on its own, so revealing or narrowing options never moves the rest of the panel.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  FACET_QUERY_MAX_LENGTH,
  FACET_STATUS_DELAY_MS,
  FacetMatcher,
  facetCollapsible,
  facetSearchable,
  facetView,
  firstRevealed,
  selectedKeys,
} from '../../core/facets.js';
import type { Filter } from '../../core/types.js';
import type { TimerHandle } from '../../ports/env.js';
import { usePartClass, useStores } from '../StoreContext.js';
import { panelOptions, type PanelOption } from '../../views/filterOptions.js';

/** A filter's options with their selection, kept while neither changes so the view is not worked out again. */
export function usePanelOptions(filter: Filter): PanelOption[] {
  const { dlp } = useStores();
  const state = dlp.state;
  return useMemo(() => panelOptions(filter.options, state, filter.key), [filter.options, state, filter.key]);
}

/** On each option's control, so focus can find it. */
export const OPTION_KEY_ATTRIBUTE = 'data-option-key';

export interface FacetListProps {
  filter: Filter;
  options: PanelOption[];
  /** `wrap` for chip-like options (sizes, swatches) that flow in rows; `stack` for one per line. */
  layout: 'stack' | 'wrap';
  children: (shown: PanelOption[]) => ReactNode;
}

export const FacetList = observer(function FacetList({ filter, options, layout, children }: FacetListProps) {
  const { env, locale, messages: m } = useStores();
  const cx = usePartClass();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Ticking a box leaves it where it is (moving it would pull it from under the pointer and focus).
  const selection = useMemo(() => selectedKeys(options), [options]);
  const [pinned, setPinned] = useState(selection);
  const list = useRef<HTMLDivElement>(null);
  const timer = useRef<TimerHandle | null>(null);
  // Folded once per response and locale, not at every render (a status line re-renders the list).
  const matcher = useMemo(() => new FacetMatcher(filter.options, locale), [filter.options, locale]);
  const view = useMemo(
    () => facetView(options, { expanded, query, locale, pinned, matcher }),
    [options, expanded, query, locale, pinned, matcher],
  );
  const searchable = facetSearchable(options.length);
  const long = facetCollapsible(options.length);

  // "Nothing matches" is said once typing pauses, not on every keystroke; it clears at once.
  const noMatchText = view.noMatch ? m.noFilterMatch(query.trim()) : '';
  useEffect(() => {
    if (timer.current !== null) env.timers.clearTimeout(timer.current);
    timer.current = null;
    if (noMatchText === '') {
      setStatus('');
      return;
    }
    timer.current = env.timers.setTimeout(() => {
      timer.current = null;
      setStatus(noMatchText);
    }, FACET_STATUS_DELAY_MS);
  }, [noMatchText, env]);
  useEffect(
    () => () => {
      if (timer.current !== null) env.timers.clearTimeout(timer.current);
    },
    [env],
  );

  // A new query or "Show less" scrolls to the top: a kept scroll would hide the first matches.
  useEffect(() => {
    if (list.current) list.current.scrollTop = 0;
  }, [query, expanded]);

  // After "Show N more", the first option that appeared takes focus, so keyboard users land on it.
  useEffect(() => {
    if (focusKey === null || !list.current) return;
    const controls = list.current.querySelectorAll<HTMLElement>(`[${OPTION_KEY_ATTRIBUTE}]`);
    [...controls].find((control) => control.getAttribute(OPTION_KEY_ATTRIBUTE) === focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const toggle = () => {
    if (expanded) {
      setPinned(selection);
      setExpanded(false);
      return;
    }
    const all = facetView(options, { expanded: true, query, locale, pinned, matcher });
    const revealed = firstRevealed(view.shown, all.shown);
    setExpanded(true);
    setFocusKey(revealed?.key ?? null);
  };

  // The box's maxLength stops typing and pasting past the cap; the slice is for a value set by script.
  const search = (text: string) => {
    setPinned(selection);
    setQuery(text.slice(0, FACET_QUERY_MAX_LENGTH));
  };

  const className = ['aisle-facet', `aisle-facet--${layout}`, long ? 'aisle-facet--long' : ''].join(' ').trim();
  return (
    <div className={className}>
      {searchable ? (
        <input
          type="search"
          className={cx('input', 'aisle-facet__search')}
          aria-label={m.searchFilter(filter.label)}
          placeholder={m.searchFilterPlaceholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={FACET_QUERY_MAX_LENGTH}
          value={query}
          onChange={(event) => search(event.currentTarget.value)}
        />
      ) : null}
      <div className="aisle-facet__list" ref={list}>
        {children(view.shown)}
        {searchable ? (
          <p className="aisle-facet__status" role="status">
            {status}
          </p>
        ) : null}
      </div>
      {long ? (
        <div className="aisle-facet__footer">
          {view.collapsible ? (
            <button
              type="button"
              className={cx('button', 'aisle-facet__more')}
              aria-expanded={expanded}
              aria-label={
                expanded ? m.showFewerOptionsOf(filter.label) : m.showMoreOptionsOf(view.hiddenCount, filter.label)
              }
              onClick={toggle}
            >
              {expanded ? m.showFewerOptions : m.showMoreOptions(view.hiddenCount)}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
