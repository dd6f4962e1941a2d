import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The web app's bundle budget, a step of `npm test` after the build. From Vite's build manifest
 * (apps/web/dist/.vite/manifest.json) it measures, gzipped:
 *  - the entry: the JavaScript index.html loads before any route's own chunk (the entry chunk and every chunk
 *    it imports statically, recursively);
 *  - each route (a lazily loaded module under src/app/routes/): the entry plus the route's chunks, its layouts'
 *    chunks (a `root.tsx` in the route's folder or above, e.g. the signed-in shell) and what they import
 *    statically, plus its heaviest lazily loaded part with everything that part loads (a chart inside the route
 *    counts: the visitor downloads it). Lazy parts are alternatives — the dashboard loads its chart for members with
 *    a brokerage and the onboarding wizard for new ones — so the figure is the heaviest single path, not their sum.
 * It prints a table and exits 1 when a figure is over its budget.
 */

export const ENTRY_BUDGET_BYTES = 100_000;
export const ROUTE_BUDGET_BYTES = 250_000;
const ROUTES_DIR = 'src/app/routes/';

/** One chunk of Vite's `build.manifest` (only the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface BudgetRow {
  name: string;
  /** JavaScript files downloaded, entry included for routes. */
  files: string[];
  gzipBytes: number;
  budgetBytes: number;
}

/**
 * The manifest keys reachable from `start` through static imports (and lazy ones too when `lazy`), not going
 * into the keys `skip` names (other routes; chunks already counted, whose own lazy imports are not this route's).
 */
function closure(manifest: Manifest, start: string[], lazy: boolean, skip: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key) || skip(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
    if (lazy) pending.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

const isRoute = (manifest: Manifest, key: string): boolean =>
  key.startsWith(ROUTES_DIR) && manifest[key]?.isDynamicEntry === true;

/** The `root.tsx` layouts of a route: in its own folder and every folder above it under routes/. */
export function layoutsOf(manifest: Manifest, routeKey: string): string[] {
  const layouts: string[] = [];
  for (let dir = posix.dirname(routeKey); `${dir}/`.startsWith(ROUTES_DIR); dir = posix.dirname(dir)) {
    const layout = `${dir}/root.tsx`;
    if (layout !== routeKey && isRoute(manifest, layout)) layouts.push(layout);
  }
  return layouts;
}

/** The budget rows: the entry, then each lazily loaded route (layouts themselves are measured with their routes). */
export function budgetRows(manifest: Manifest, gzipSize: (file: string) => number): BudgetRow[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk');
  const entryKeys = closure(manifest, entries, false, () => false);
  const files = (keys: Iterable<string>): string[] => [...new Set([...keys].map((key) => manifest[key]!.file))].sort();
  const measure = (name: string, keys: Set<string>, budgetBytes: number): BudgetRow => {
    const list = files(keys).filter((file) => file.endsWith('.js'));
    return { name, files: list, gzipBytes: list.reduce((sum, file) => sum + gzipSize(file), 0), budgetBytes };
  };

  const routes = Object.keys(manifest)
    .filter((key) => isRoute(manifest, key))
    .filter((key) => !Object.keys(manifest).some((other) => other !== key && layoutsOf(manifest, other).includes(key)))
    .sort();
  const routeRows = routes.map((key) => {
    const layouts = layoutsOf(manifest, key);
    const isOtherRoute = (next: string) => next !== key && !layouts.includes(next) && isRoute(manifest, next);
    const own = closure(manifest, [key, ...layouts], false, (next) => entryKeys.has(next) || isOtherRoute(next));
    const base = new Set([...entryKeys, ...own]);
    const lazyRoots = new Set([...own].flatMap((ownKey) => manifest[ownKey]!.dynamicImports ?? []));
    const branches = [...lazyRoots].map((root) =>
      closure(manifest, [root], true, (next) => base.has(next) || isOtherRoute(next)),
    );
    const rowOf = (branch: Set<string>) =>
      measure(
        key.slice(ROUTES_DIR.length).replace(/\.[jt]sx?$/, ''),
        new Set([...base, ...branch]),
        ROUTE_BUDGET_BYTES,
      );
    return [new Set<string>(), ...branches]
      .map(rowOf)
      .reduce((heaviest, row) => (row.gzipBytes > heaviest.gzipBytes ? row : heaviest));
  });
  return [measure('entry (index.html)', entryKeys, ENTRY_BUDGET_BYTES), ...routeRows];
}

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The printed table: one line a row, over-budget rows marked. */
export function formatTable(rows: BudgetRow[]): string {
  const width = Math.max(...rows.map((row) => row.name.length), 5);
  const lines = [`${'route'.padEnd(width)}  ${'gzip JS'.padStart(10)}  ${'budget'.padStart(10)}  files`];
  for (const row of rows) {
    const mark = row.gzipBytes > row.budgetBytes ? '  OVER BUDGET' : '';
    lines.push(
      `${row.name.padEnd(width)}  ${kB(row.gzipBytes).padStart(10)}  ${kB(row.budgetBytes).padStart(10)}  ${row.files.length}${mark}`,
    );
  }
  return lines.join('\n');
}

export const overBudget = (rows: BudgetRow[]): BudgetRow[] => rows.filter((row) => row.gzipBytes > row.budgetBytes);

function main(): void {
  const dist = join(__dirname, '..', '..', '..', 'apps', 'web', 'dist');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) {
    console.error(`No build manifest at ${manifestFile}: build the web app first (build.manifest is on).`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const rows = budgetRows(manifest, (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  console.log(formatTable(rows));
  const over = overBudget(rows);
  if (over.length > 0) {
    console.error(`\nOver the bundle budget: ${over.map((row) => `${row.name} (${kB(row.gzipBytes)})`).join(', ')}`);
    process.exit(1);
  }
  console.log(`\nWithin budget: entry ≤ ${kB(ENTRY_BUDGET_BYTES)}, every route ≤ ${kB(ROUTE_BUDGET_BYTES)} (gzip).`);
}

if (require.main === module) main();
