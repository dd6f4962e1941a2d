import {
  budgetRows,
  ENTRY_BUDGET_BYTES,
  formatTable,
  layoutsOf,
  overBudget,
  ROUTE_BUDGET_BYTES,
  type Manifest,
} from './bundle-budget';

/**
 * The bundle budget's arithmetic on a small Vite manifest: the entry follows static imports only; a route adds
 * its own chunks, its layouts' and what they load lazily, without counting the entry's lazy parts or other routes.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_framework.js'],
    dynamicImports: [
      'src/app/routes/auth/login.tsx',
      'src/app/routes/app/root.tsx',
      'src/app/routes/app/dashboard.tsx',
      'src/components/ui/toast.tsx',
    ],
  },
  '_framework.js': { file: 'assets/framework.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_framework.js'] },
  'src/components/ui/toast.tsx': { file: 'assets/toast.js', isDynamicEntry: true },
  'src/app/routes/auth/login.tsx': {
    file: 'assets/login.js',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
  },
  'src/app/routes/app/root.tsx': { file: 'assets/shell.js', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/app/routes/app/dashboard.tsx': {
    file: 'assets/dashboard.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: [
      'src/features/dashboard/chart.tsx',
      'src/features/onboarding/wizard.tsx',
      'src/app/routes/auth/login.tsx',
    ],
  },
  // A second lazy part of the dashboard, shown instead of the chart (new members): the lighter path.
  'src/features/onboarding/wizard.tsx': { file: 'assets/wizard.js', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/features/dashboard/chart.tsx': {
    file: 'assets/chart.js',
    isDynamicEntry: true,
    imports: ['_charts.js'],
    // A CSS file in the closure is not JavaScript: not counted.
  },
  '_charts.js': { file: 'assets/charts.js', imports: ['_shared.js'] },
  'style.css': { file: 'assets/style.css' },
};

const sizes: Record<string, number> = {
  'assets/index.js': 10_000,
  'assets/framework.js': 80_000,
  'assets/shared.js': 5_000,
  'assets/toast.js': 9_000,
  'assets/login.js': 2_000,
  'assets/shell.js': 7_000,
  'assets/dashboard.js': 4_000,
  'assets/chart.js': 1_000,
  'assets/wizard.js': 20_000,
  'assets/charts.js': 100_000,
};
const size = (file: string): number => {
  const bytes = sizes[file];
  if (bytes === undefined) throw new Error(`unexpected file ${file}`);
  return bytes;
};

describe('bundle budget', () => {
  it('measures the entry through static imports only, and each route with its layout and lazy parts', () => {
    const rows = budgetRows(manifest, size);
    expect(rows.map((row) => [row.name, row.gzipBytes, row.budgetBytes])).toEqual([
      ['entry (index.html)', 90_000, ENTRY_BUDGET_BYTES],
      // entry + shell (its layout) + shared + dashboard + its heaviest lazy part (the chart, not the wizard too);
      // not the toaster, not login.
      ['app/dashboard', 90_000 + 7_000 + 5_000 + 4_000 + 1_000 + 100_000, ROUTE_BUDGET_BYTES],
      ['auth/login', 90_000 + 2_000 + 5_000, ROUTE_BUDGET_BYTES],
    ]);
    expect(rows[0]!.files).toEqual(['assets/framework.js', 'assets/index.js']);
    expect(rows[1]!.files).toContain('assets/charts.js');
    expect(rows[1]!.files).not.toContain('assets/wizard.js');
    // The shell is measured with the routes inside it, not as a row of its own.
    expect(rows.map((row) => row.name)).not.toContain('app/root');
  });

  it('finds the layouts of a route in its folder and above', () => {
    expect(layoutsOf(manifest, 'src/app/routes/app/dashboard.tsx')).toEqual(['src/app/routes/app/root.tsx']);
    expect(layoutsOf(manifest, 'src/app/routes/auth/login.tsx')).toEqual([]);
    expect(layoutsOf(manifest, 'src/app/routes/app/root.tsx')).toEqual([]);
  });

  it('takes the heaviest lazy part of a route, whichever it is', () => {
    const heavyWizard = budgetRows(manifest, (file) => (file === 'assets/wizard.js' ? 150_000 : size(file)));
    const dashboard = heavyWizard.find((row) => row.name === 'app/dashboard')!;
    expect(dashboard.gzipBytes).toBe(90_000 + 7_000 + 5_000 + 4_000 + 150_000);
    expect(dashboard.files).toContain('assets/wizard.js');
    expect(dashboard.files).not.toContain('assets/charts.js');
  });

  it('reports what is over budget and marks it in the table', () => {
    const rows = budgetRows(manifest, (file) => (file === 'assets/charts.js' ? 200_000 : size(file)));
    expect(overBudget(rows).map((row) => row.name)).toEqual(['app/dashboard']);
    const table = formatTable(rows);
    expect(table).toMatch(/^app\/dashboard\s+307\.0 kB\s+250\.0 kB\s+7\s+OVER BUDGET$/m);
    expect(table).toMatch(/^entry \(index\.html\)\s+90\.0 kB\s+100\.0 kB\s+2$/m);

    const heavyEntry = budgetRows(manifest, (file) => (file === 'assets/framework.js' ? 95_001 : size(file)));
    expect(overBudget(heavyEntry).map((row) => row.name)).toEqual(['entry (index.html)']);
  });

  it('refuses a manifest without an entry or with a missing chunk', () => {
    expect(() => budgetRows({ 'a.js': { file: 'a.js' } }, size)).toThrow('no entry chunk');
    expect(() =>
      budgetRows({ 'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_gone.js'] } }, size),
    ).toThrow('no chunk _gone.js');
  });
});
