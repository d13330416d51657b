import { describe, expect, it } from 'vitest';
import { closureState, closureStateIn } from './closureState.js';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const c${i} = ${i};`).join('\n');

describe('functions that hold their state in a closure', () => {
  it('finds one of 60 lines whose inner functions assign three of its variables, and not a shorter one', () => {
    const holding = (lines: number) =>
      `export function start() {\n  let a = 0;\n  let b = 0;\n  let c = 0;\n  const step = () => { a++; b = 1; c ??= 2; };\n${body(lines)}\n  return step;\n}\n`;
    expect(closureStateIn('x.ts', holding(60)).map((f) => [f.name, f.variables])).toEqual([['start', ['a', 'b', 'c']]]);
    expect(closureStateIn('x.ts', holding(40))).toEqual([]);
    // Assigned by the function itself, not by a function inside it: no closure state.
    const own = `export function start() {\n  let a = 0;\n  let b = 0;\n  let c = 0;\n  a++; b = 1; c = 2;\n${body(60)}\n}\n`;
    expect(closureStateIn('x.ts', own)).toEqual([]);
  });

  it('finds none in sdk/ and extension/ (run scripts/closureState.ts to list them)', () => {
    expect(closureState(['sdk', 'extension']).map((f) => `${f.file} ${f.name}`)).toEqual([]);
  });
});
