/**
 * Checks that the folders of sdk/ depend on each other in one direction only. Each folder of sdk/
 * (core, ports, stores, analytics, host, integrations, ui…) and each file at its top (mount.ts,
 * contract.ts…) is one node; an import from a file of one node into another is an edge. A cycle
 * means two layers that can no longer be understood, tested or loaded one without the other, so
 * the check fails with the cycle it found and the imports that make it.
 *
 * Every import counts: static, type-only, re-exports and dynamic `import()`. Test files do not
 * count (a test may reach across layers to set up what it checks).
 *
 * Run by scripts/layers.test.ts (so it is part of `npm test`), or alone: `npx tsx scripts/check-layers.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One source file, its path relative to the checked root (with `/`). */
export interface SourceFile {
  path: string;
  source: string;
}

/** The folder graph: for each node, the nodes it imports and one import that shows it. */
export type LayerGraph = Map<string, Map<string, string>>;

/** The module specifiers a file imports (static, type-only, re-exported or dynamic). */
export function importsOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The node a file belongs to: its first folder, or its own name (without extension) at the top. */
export function nodeOf(path: string): string {
  const [first, ...rest] = path.split('/');
  return rest.length > 0 ? first! : first!.replace(/\.[^.]+$/, '');
}

const isTest = (path: string): boolean => /\.test\.[cm]?[jt]sx?$/.test(path);

/** Builds the graph between nodes from the files' relative imports (imports of packages are no edge). */
export function layerGraph(files: SourceFile[]): LayerGraph {
  const graph: LayerGraph = new Map();
  for (const file of files) {
    if (isTest(file.path)) continue;
    const from = nodeOf(file.path);
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    for (const specifier of importsOf(file.source)) {
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      // Outside the checked root (another package of the repository): not a layer of it.
      if (target.startsWith('..')) continue;
      const to = nodeOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${file.path} imports ${specifier}`);
    }
  }
  return graph;
}

/** A cycle of the graph as the nodes walked (the first repeated at the end), or null when none. */
export function findCycle(graph: LayerGraph): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (node: string): string[] | null => {
    if (onPath.has(node)) return [...path.slice(path.indexOf(node)), node];
    if (done.has(node)) return null;
    path.push(node);
    onPath.add(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(node);
    done.add(node);
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** A readable account of a cycle: the nodes, then the import behind each step. */
export function describeCycle(graph: LayerGraph, cycle: string[]): string {
  const steps = cycle.slice(1).map((to, i) => `  ${graph.get(cycle[i]!)?.get(to) ?? `${cycle[i]} -> ${to}`}`);
  return [`import cycle between sdk/ folders: ${cycle.join(' -> ')}`, ...steps].join('\n');
}

/** Every TypeScript file under `root`, with its path relative to it. */
export function readSources(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
        files.push({ path: relative(root, full).split(sep).join('/'), source: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return files;
}

/** Checks the folders under `root`: the account of the first cycle found, or null when there is none. */
export function checkLayers(root = 'sdk'): string | null {
  const graph = layerGraph(readSources(root));
  const cycle = findCycle(graph);
  return cycle ? describeCycle(graph, cycle) : null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const problem = checkLayers();
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
  } else console.info('sdk/ folders: no import cycle.');
}
