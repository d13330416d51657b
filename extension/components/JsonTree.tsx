/** A JSON value as an expandable tree; every key and value is rendered as text, never as HTML. */
import type { ReactElement } from 'react';

function preview(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).length}}`;
  return JSON.stringify(value) ?? String(value);
}

/**
 * One node: objects and arrays open into their children. `open` opens this node; `openAll` opens
 * every node below it too (the detail pane's "Expand all", which remounts the tree to apply it).
 */
export function JsonTree({
  name,
  value,
  open = false,
  openAll = false,
}: {
  name: string;
  value: unknown;
  open?: boolean;
  openAll?: boolean;
}): ReactElement {
  if (value === null || typeof value !== 'object') {
    return (
      <div className="tree-leaf">
        <span className="tree-key">{name}: </span>
        <span className={`tree-value tree-${value === null ? 'null' : typeof value}`}>{preview(value)}</span>
      </div>
    );
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return (
    <details className="tree-node" open={open || openAll}>
      <summary>
        <span className="tree-key">{name}</span> <span className="tree-preview">{preview(value)}</span>
      </summary>
      <div className="tree-children">
        {entries.map(([key, child]) => (
          <JsonTree key={key} name={key} value={child} openAll={openAll} />
        ))}
      </div>
    </details>
  );
}
