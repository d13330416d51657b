import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLayers, describeCycle, findCycle, importsOf, layerGraph, type LayerGraph } from './check-layers.js';

const graphOf = (edges: Record<string, string[]>): LayerGraph =>
  new Map(Object.entries(edges).map(([from, tos]) => [from, new Map(tos.map((to) => [to, `${from} -> ${to}`]))]));

describe('the folders of sdk/ depend on each other in one direction only', () => {
  it('finds no import cycle between the folders of sdk/', () => {
    expect(checkLayers('sdk')).toBeNull();
  });
});

/** The layer rules of eslint.config.js (imports and page globals) as `file:line rule: message`. */
const LAYER_RULES = new Set(['no-restricted-imports', 'no-restricted-globals']);
function layerProblems(results: ESLint.LintResult[]): string[] {
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId !== null && LAYER_RULES.has(message.ruleId))
      .map((message) => `${result.filePath}:${message.line} ${message.ruleId}: ${message.message}`),
  );
}

describe('core and stores hold by themselves', () => {
  const eslint = new ESLint();

  it('core, ports and stores import no React and no upper layer, and use no page global', async () => {
    expect(layerProblems(await eslint.lintFiles(['sdk/core', 'sdk/ports', 'sdk/stores']))).toEqual([]);
  }, 60_000);

  it('the lint rules refuse a store that imports the host or React or reads the window', async () => {
    const source = [
      "import { browserTimers } from '../host/timers.js';",
      "import { useState } from 'react';",
      'export const leak = [browserTimers, useState, window.innerWidth, setTimeout];',
    ].join('\n');
    const problems = layerProblems(await eslint.lintText(source, { filePath: 'sdk/stores/Leak.ts' }));
    expect(problems.map((problem) => problem.replace(/^.*?:(\d+) /, '$1 ').replace(/:.*$/, ''))).toEqual([
      '1 no-restricted-imports',
      '2 no-restricted-imports',
      '3 no-restricted-globals',
      '3 no-restricted-globals',
    ]);
  }, 60_000);
});

describe('every part of sdk/ says what it may import', () => {
  const eslint = new ESLint();

  it('each folder of sdk/ and each file at its top has a layer rule', async () => {
    // The unit tests' set-up is no part of what ships.
    const parts = readdirSync('sdk', { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() || (/\.tsx?$/.test(entry.name) && !/\.d\.ts$|\.test\.tsx?$/.test(entry.name)),
      )
      .map((entry) => (entry.isDirectory() ? `sdk/${entry.name}/any.ts` : `sdk/${entry.name}`));
    expect(parts.length).toBeGreaterThan(10);
    const uncovered: string[] = [];
    for (const file of parts) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> };
      if (!config.rules?.['no-restricted-imports']) uncovered.push(file);
    }
    expect(uncovered).toEqual([]);
  }, 60_000);

  it('the views, the first paint and aisle.js import no React, MobX or React UI, and views use no page global', async () => {
    expect(layerProblems(await eslint.lintFiles(['sdk/views', 'sdk/firstPaint', 'sdk/embed.ts']))).toEqual([]);
  }, 60_000);

  it('the lint rules refuse a first paint or a view that imports React, MobX or the React UI', async () => {
    const source = [
      "import { reactRenderer } from '../ui/renderer.js';",
      "import { observable } from 'mobx';",
      "import { createElement } from 'react';",
      "import { cardView } from '../views/cardView.js';",
      'export const leak = [reactRenderer, observable, createElement, cardView];',
    ].join('\n');
    for (const filePath of ['sdk/firstPaint/Leak.ts', 'sdk/views/Leak.ts']) {
      const problems = layerProblems(await eslint.lintText(source, { filePath }));
      expect(problems.map((problem) => problem.replace(/^.*?:(\d+) /, '$1 ').replace(/:.*$/, ''))).toEqual([
        '1 no-restricted-imports',
        '2 no-restricted-imports',
        '3 no-restricted-imports',
      ]);
    }
    const embed =
      "import { AISLE_CSS } from './ui/stylesheet.js';\nimport { Dlp } from './ui/dlp/Dlp.js';\nexport const x = [AISLE_CSS, Dlp];";
    const problems = layerProblems(await eslint.lintText(embed, { filePath: 'sdk/embed.ts' }));
    expect(problems.map((problem) => problem.replace(/^.*?:(\d+) .*$/, '$1'))).toEqual(['2']);
  }, 60_000);
});

describe('the layer check', () => {
  it('reports a cycle of a graph that has one, with the imports that make it', () => {
    const graph = graphOf({ core: [], stores: ['core', 'analytics'], analytics: ['host'], host: ['stores'] });
    const cycle = findCycle(graph);
    expect(cycle).toEqual(['analytics', 'host', 'stores', 'analytics']);
    expect(describeCycle(graph, cycle!)).toBe(
      [
        'import cycle between sdk/ folders: analytics -> host -> stores -> analytics',
        '  analytics -> host',
        '  host -> stores',
        '  stores -> analytics',
      ].join('\n'),
    );
  });

  it('finds a cycle between two folders only', () => {
    expect(findCycle(graphOf({ host: ['analytics'], analytics: ['host'] }))).toEqual([
      'analytics',
      'host',
      'analytics',
    ]);
  });

  it('accepts a graph whose folders only depend downwards, shared dependencies included', () => {
    const graph = graphOf({
      mount: ['ui', 'host', 'stores'],
      ui: ['stores', 'core'],
      host: ['stores'],
      stores: ['core'],
    });
    expect(findCycle(graph)).toBeNull();
  });

  it('counts static, type-only, re-exported and dynamic imports, and no import written in a comment', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from '../b/b.js';",
      "export { c } from '../c/c.js';",
      "const d = () => import('../d/d.js');",
      "// import { e } from '../e/e.js';",
      "import React from 'react';",
    ].join('\n');
    expect(importsOf(source)).toEqual(['./a.js', '../b/b.js', '../c/c.js', '../d/d.js', 'react']);
  });

  it('builds the folder graph from relative imports, leaving out tests, packages and imports within a folder', () => {
    const graph = layerGraph([
      { path: 'host/locks.ts', source: "import type { L } from '../analytics/types.js';\nimport { x } from './x.js';" },
      { path: 'analytics/wire.ts', source: "import { lock } from '../host/locks.js';\nimport 'mobx';" },
      { path: 'core/a.test.ts', source: "import { m } from '../mount.js';" },
      { path: 'mount.ts', source: "const ui = () => import('./ui/AisleRoot.js');" },
    ]);
    expect(Object.fromEntries([...graph].map(([from, edges]) => [from, [...edges.keys()]]))).toEqual({
      host: ['analytics'],
      analytics: ['host'],
      mount: ['ui'],
    });
    expect(describeCycle(graph, findCycle(graph)!)).toContain('host/locks.ts imports ../analytics/types.js');
  });
});
