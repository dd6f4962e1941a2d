import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Dependencies between the feature folders of an app (apps/<app>/src/modules/<module>/): module A depends on B when
 * a non-test file under A imports a file under B. A cycle between folders is what we keep out; a file-level cycle
 * check (import/no-cycle) would not see one, since the files involved rarely import each other back.
 */
export type ModuleGraph = Map<string, Set<string>>;

const SOURCE = /\.tsx?$/;
const TEST = /\.(spec|int-spec|e2e-spec)\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE.test(name) && !TEST.test(name) ? [path] : [];
  });
}

/** The module folders of one app and the module folders each imports (relative imports only). */
export function moduleGraph(modulesDir: string): ModuleGraph {
  const graph: ModuleGraph = new Map();
  if (!existsSync(modulesDir)) return graph;
  for (const module of readdirSync(modulesDir)) {
    const moduleDir = join(modulesDir, module);
    if (!statSync(moduleDir).isDirectory()) continue;
    const deps = new Set<string>();
    for (const file of sourceFiles(moduleDir)) {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles;
      for (const { fileName } of imports) {
        if (!fileName.startsWith('.')) continue;
        const target = relative(modulesDir, resolve(dirname(file), fileName));
        if (target.startsWith('..')) continue;
        const targetModule = target.split(sep)[0];
        if (targetModule !== module) deps.add(targetModule);
      }
    }
    graph.set(module, deps);
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan), each sorted, in a stable order. */
export function moduleCycles(graph: ModuleGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every dependency `a -> b` that lies on a cycle (both ends in one component), sorted: what the baseline lists. */
export function cycleEdges(graph: ModuleGraph): string[] {
  const edges: string[] = [];
  for (const component of moduleCycles(graph)) {
    const members = new Set(component);
    for (const from of component)
      for (const to of graph.get(from) ?? []) if (members.has(to)) edges.push(`${from} -> ${to}`);
  }
  return edges.sort();
}

/** Cycle edges of every app under `appsDir`, as `<app>: a -> b`. */
export function appCycleEdges(appsDir: string): string[] {
  return readdirSync(appsDir)
    .sort()
    .flatMap((app) => cycleEdges(moduleGraph(join(appsDir, app, 'src', 'modules'))).map((edge) => `${app}: ${edge}`));
}
