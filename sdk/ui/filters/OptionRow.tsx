import type { ReactNode } from 'react';
import { usePartClass, useStores } from '../StoreContext.js';
import { OptionCount } from './OptionCount.js';
import { optionCount, optionDisabled, type PanelOption } from '../../views/filterOptions.js';

export interface OptionRowProps {
  filterKey: string;
  option: PanelOption;
  /** `checkbox`: a native checkbox and its label, one per line. `toggle`: a pressed / not pressed chip. */
  control: 'checkbox' | 'toggle';
  className?: string;
  /** Hidden from screen readers. */
  decoration?: ReactNode;
  /** What the option says, when not the response's text (a rating says "4 stars & up"). */
  text?: string;
  /** Gives the toggle an accessible name of its own; the count is appended when there is one. */
  spoken?: string;
}

/** One option of any filter panel, so every panel toggles, disables and counts alike. */
export function OptionRow({ filterKey, option, control, className, decoration, text, spoken }: OptionRowProps) {
  const { dlp, locale } = useStores();
  const cx = usePartClass();
  const disabled = optionDisabled(option);
  const count = optionCount(option, locale);
  const toggle = () => dlp.toggleFilter(filterKey, option.key);
  const content = (
    <>
      {decoration}
      <span>{text ?? option.text}</span>
      <OptionCount text={count} />
    </>
  );
  if (control === 'checkbox')
    return (
      <li>
        <label className={`aisle-checkbox${disabled ? ' aisle-checkbox--disabled' : ''}`}>
          <input
            type="checkbox"
            checked={option.selected}
            disabled={disabled}
            data-option-key={option.key}
            onChange={toggle}
          />
          {content}
        </label>
      </li>
    );
  return (
    <li>
      <button
        type="button"
        className={cx('button', className ? `aisle-chip-option ${className}` : 'aisle-chip-option')}
        aria-pressed={option.selected}
        aria-label={spoken === undefined ? undefined : count === null ? spoken : `${spoken} ${count}`}
        disabled={disabled}
        data-option-key={option.key}
        onClick={toggle}
      >
        {content}
      </button>
    </li>
  );
}
