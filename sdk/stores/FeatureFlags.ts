/** Flags as the UI reads them; part of the first render, so the experiments client connects later (fallbacks until then). */
import { action, makeObservable, observable } from 'mobx';

/** A flag's value: the JSON kinds GrowthBook features take. */
export type FlagValue = boolean | number | string | null | FlagValue[] | { [key: string]: FlagValue };

/** A fallback's type without its literal: `false` reads as `boolean`, `'a'` as `string`. */
export type Widen<T> = T extends boolean ? boolean : T extends string ? string : T extends number ? number : T;

/** Reads flags through whichever evaluator is connected; observers re-render when it changes. */
export class FeatureFlags {
  private evaluate: ((name: string) => unknown) | null = null;
  private revision = 0;

  constructor() {
    makeObservable<FeatureFlags, 'evaluate' | 'revision'>(this, {
      evaluate: observable.ref,
      revision: observable,
      connect: action,
      changed: action,
      disconnect: action,
    });
  }

  /** The flag's value, or `fallback` when it is unknown or not of the fallback's kind. */
  value<T extends FlagValue>(name: string, fallback: T): Widen<T> {
    void this.revision;
    const value = this.evaluate?.(name);
    return (sameKind(value, fallback) ? value : fallback) as Widen<T>;
  }

  connect(evaluate: (name: string) => unknown): void {
    this.evaluate = evaluate;
    this.revision++;
  }

  changed(): void {
    this.revision++;
  }

  disconnect(): void {
    this.evaluate = null;
    this.revision++;
  }
}

function sameKind(value: unknown, fallback: FlagValue): boolean {
  if (value === undefined) return false;
  if (fallback === null) return value === null;
  if (Array.isArray(fallback)) return Array.isArray(value);
  return typeof value === typeof fallback && value !== null && Array.isArray(value) === false;
}
