import { join } from 'node:path';
import { appCycleEdges, cycleEdges, moduleCycles, type ModuleGraph } from './module-cycles';

/**
 * Module folders must depend on each other one way. The gateway has no cycle left; the services' older cycles are
 * listed here so that none grows and no new one appears: remove a line when its cycle is broken, never add one.
 */
const KNOWN_CYCLE_EDGES = [
  'brokerage: accounts -> connections',
  'brokerage: accounts -> portfolio-history',
  'brokerage: accounts -> provider',
  'brokerage: connections -> accounts',
  'brokerage: connections -> provider',
  'brokerage: paper -> accounts',
  'brokerage: paper -> connections',
  'brokerage: paper -> provider',
  'brokerage: portfolio-history -> accounts',
  'brokerage: portfolio-history -> provider',
  'brokerage: provider -> accounts',
  'brokerage: provider -> paper',
  'brokerage: provider -> snaptrade',
  'brokerage: snaptrade -> provider',
  'copy-engine: auto-copy -> copies',
  'copy-engine: auto-copy -> copy-guards',
  'copy-engine: auto-copy -> copy-limits',
  'copy-engine: copies -> copy-guards',
  'copy-engine: copies -> copy-limits',
  'copy-engine: copy-guards -> auto-copy',
  'copy-engine: copy-guards -> copy-limits',
  'copy-engine: copy-limits -> auto-copy',
  'copy-engine: copy-limits -> copies',
  'copy-engine: copy-limits -> copy-guards',
  'identity: sessions -> users',
  'identity: users -> sessions',
  'traces: owner-sell -> owner-trades',
  'traces: owner-trades -> owner-sell',
];

const graphOf = (edges: Record<string, string[]>): ModuleGraph =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('module cycles', () => {
  it('finds the modules on a cycle and only the edges inside it', () => {
    const graph = graphOf({ auth: [], brokerage: ['auth', 'paper'], paper: ['auth', 'brokerage'], copies: ['paper'] });
    expect(moduleCycles(graph)).toEqual([['brokerage', 'paper']]);
    expect(cycleEdges(graph)).toEqual(['brokerage -> paper', 'paper -> brokerage']);
  });

  it('finds no cycle when dependencies go one way', () => {
    expect(cycleEdges(graphOf({ auth: [], brokerage: ['auth'], paper: ['auth', 'brokerage'] }))).toEqual([]);
  });

  it('no app has a module cycle beyond the known ones, and the gateway has none', () => {
    const edges = appCycleEdges(join(__dirname, '..', '..', '..', 'apps'));
    expect(edges.filter((edge) => !KNOWN_CYCLE_EDGES.includes(edge))).toEqual([]);
    expect(KNOWN_CYCLE_EDGES.filter((edge) => !edges.includes(edge))).toEqual([]);
    expect(edges.filter((edge) => edge.startsWith('gateway:'))).toEqual([]);
  });
});
