import type { TraceSummaryView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type MockResponse } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { buildTraceSummary } from '@/testing/trace-fixtures';

const viewer = buildUser({ id: 'viewer-1' });

const momentum = buildTraceSummary();
const steady = buildTraceSummary({
  id: 'trace-2',
  name: 'Steady Income',
  handle: '@steady_income',
  isVerified: false,
  isFeatured: false,
  winRate: 55,
  monthlyReturn: -4.1,
  subscriberCount: 9_999,
  riskLevel: 'low',
  tradingStyle: ['etfs', 'swing_trading', 'position_trading'],
  description: '',
});

const page = (traces: TraceSummaryView[], { offset = 0, nextOffset = null as number | null } = {}): MockResponse => ({
  body: { success: true, traces, pagination: { limit: 24, offset, nextOffset } },
});

/** The API with GET /api/traces answered by `answer` from the call's query string. */
function mockDiscovery(answer: (query: URLSearchParams) => MockResponse, user = viewer) {
  const api = mockApi({
    ...signedInAs(user),
    // The mock runs the handler during the fetch call, so the last recorded fetch is this one.
    'GET /api/traces': () => answer(urlOf(api.fetchMock.mock.lastCall?.[0]).searchParams),
  });
  return {
    ...api,
    /** The query of each GET /api/traces made so far, as a plain object. */
    tracesCalls: () =>
      api.fetchMock.mock.calls
        .map(([input]) => urlOf(input))
        .filter((url) => url.pathname === '/api/traces')
        .map((url) => Object.fromEntries(url.searchParams)),
  };
}
const urlOf = (input: unknown) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost');

/** Featured answers `featured`, every other call `grid`. */
const byFeatured =
  (featured: TraceSummaryView[], grid: TraceSummaryView[]) =>
  (query: URLSearchParams): MockResponse =>
    query.get('featured') === 'true' ? page(featured) : page(grid);

const section = (name: string) => screen.getByRole('region', { name });
const card = (container: HTMLElement, name: string) => within(container).getByRole('article', { name });
const stat = (cardElement: HTMLElement, label: string) =>
  within(cardElement).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const specialties = (cardElement: HTMLElement) =>
  within(within(cardElement).getByRole('list', { name: 'Specialties' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('discover traders', () => {
  it('shows-featured-traders-first-on-all-then-the-grid-with-the-documented-calls', async () => {
    const api = mockDiscovery(byFeatured([momentum], [momentum, steady]));
    renderApp('/discovery');

    expect(await screen.findByRole('heading', { name: 'Discover Traders', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Discover Traders · CopyTrade'));
    const featured = await screen.findByRole('region', { name: 'Featured Traders' });
    const grid = section('All Traders');
    await within(grid).findByRole('article', { name: 'Steady Income' });

    // Featured Traders comes before the grid.
    expect(featured.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.tracesCalls()).toEqual(
      expect.arrayContaining([
        { featured: 'true', category: 'All', sortBy: 'return', limit: '6' },
        { category: 'All', sortBy: 'return', limit: '24' },
      ]),
    );
    expect(api.tracesCalls()).toHaveLength(2);

    // A featured card lists 3 specialties, a grid card 2, with readable labels.
    expect(specialties(card(featured, 'Momentum Masters'))).toEqual(['Day Trading', 'Options', 'Stocks']);
    expect(specialties(card(grid, 'Momentum Masters'))).toEqual(['Day Trading', 'Options']);
    expect(specialties(card(grid, 'Steady Income'))).toEqual(['ETFs', 'Swing Trading']);
  });

  it('shows-each-card-figures-return-signed-win-rate-one-decimal-subscribers-in-K-from-10000', async () => {
    mockDiscovery(byFeatured([], [momentum, steady]));
    renderApp('/discovery');
    const grid = await screen.findByRole('region', { name: 'All Traders' });
    const mm = await within(grid).findByRole('article', { name: 'Momentum Masters' });
    const si = card(grid, 'Steady Income');

    expect(within(mm).getByText('@momentum_masters')).toBeInTheDocument();
    expect(within(mm).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(mm).getByRole('img', { name: 'Featured' })).toBeInTheDocument();
    expect(within(si).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(within(si).queryByRole('img', { name: 'Featured' })).not.toBeInTheDocument();

    expect(stat(mm, 'Monthly Return')).toHaveTextContent('+23.46%');
    expect(stat(mm, 'Monthly Return')).toHaveClass('gain');
    expect(stat(si, 'Monthly Return')).toHaveTextContent('-4.10%');
    expect(stat(si, 'Monthly Return')).toHaveClass('loss');
    expect(stat(mm, 'Win Rate')).toHaveTextContent('68.5%');
    expect(stat(si, 'Win Rate')).toHaveTextContent('55.0%');
    expect(stat(mm, 'Subscribers')).toHaveTextContent(/^12\.3K$/);
    expect(stat(si, 'Subscribers')).toHaveTextContent(/^9,999$/);
    expect(within(mm).getByText('Medium Risk')).toBeInTheDocument();
    expect(within(si).getByText('Low Risk')).toBeInTheDocument();

    // Nothing featured matches: the section is left out.
    expect(screen.queryByRole('region', { name: 'Featured Traders' })).not.toBeInTheDocument();
  });

  it('links-view-profile-to-the-trace-and-gives-only-the-owner-a-manage-link', async () => {
    const owned = buildTraceSummary({ id: 'trace-own', name: 'My Own Trace', handle: 'my_own', ownerId: viewer.id });
    mockDiscovery(byFeatured([], [owned, steady]));
    const { user, location } = renderApp('/discovery');
    const grid = await screen.findByRole('region', { name: 'All Traders' });
    const mine = await within(grid).findByRole('article', { name: 'My Own Trace' });
    const theirs = card(grid, 'Steady Income');

    expect(within(mine).getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/trace/trace-own/dashboard');
    expect(within(mine).getByText('@my_own')).toBeInTheDocument();
    expect(within(theirs).queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
    expect(within(theirs).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/trace/trace-2');

    await user.click(within(theirs).getByRole('link', { name: 'View Profile' }));
    expect(location().pathname).toBe('/trace/trace-2');
  });

  it('asks-the-server-for-the-chosen-tab-and-keeps-it-in-the-address', async () => {
    const api = mockDiscovery((query) =>
      query.get('category') === 'Most Profitable' ? page([momentum]) : page([momentum, steady]),
    );
    const { user, location } = renderApp('/discovery');
    await screen.findByRole('region', { name: 'Featured Traders' });

    await user.click(screen.getByRole('tab', { name: 'Most Profitable' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Most Profitable' });
    const grid = within(panel).getByRole('region', { name: 'Most Profitable Traders' });
    await within(grid).findByRole('article', { name: 'Momentum Masters' });
    expect(within(grid).queryByRole('article', { name: 'Steady Income' })).not.toBeInTheDocument();
    // Featured Traders is on the All tab only.
    expect(screen.queryByRole('region', { name: 'Featured Traders' })).not.toBeInTheDocument();
    expect(api.tracesCalls().at(-1)).toEqual({ category: 'Most Profitable', sortBy: 'return', limit: '24' });
    expect(location().search).toBe('?category=most-profitable');

    for (const category of ['Top Rated', 'Crypto', 'Stocks'] as const) {
      await user.click(screen.getByRole('tab', { name: category }));
      await waitFor(() => expect(api.tracesCalls().at(-1)).toEqual({ category, sortBy: 'return', limit: '24' }));
    }
    expect(location().search).toBe('?category=stocks');
  });

  it('asks-the-server-for-the-chosen-sort-and-keeps-it-in-the-address', async () => {
    const api = mockDiscovery(() => page([momentum, steady]));
    const { user, location } = renderApp('/discovery?category=crypto');
    await screen.findByRole('article', { name: 'Steady Income' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveTextContent('Monthly Return');

    await chooseOption(user, sort, 'Subscribers');
    await waitFor(() =>
      expect(api.tracesCalls().at(-1)).toEqual({ category: 'Crypto', sortBy: 'subscribers', limit: '24' }),
    );
    expect(location().search).toBe('?category=crypto&sort=subscribers');

    await chooseOption(user, sort, 'Win Rate');
    await waitFor(() =>
      expect(api.tracesCalls().at(-1)).toEqual({ category: 'Crypto', sortBy: 'winrate', limit: '24' }),
    );
    expect(location().search).toBe('?category=crypto&sort=winrate');

    await chooseOption(user, sort, 'Follower Results');
    await waitFor(() =>
      expect(api.tracesCalls().at(-1)).toEqual({ category: 'Crypto', sortBy: 'followers', limit: '24' }),
    );
    expect(location().search).toBe('?category=crypto&sort=followers');
    expect(sort).toHaveTextContent('Follower Results');
  });

  it('reads-the-follower-results-sort-from-the-address', async () => {
    const api = mockDiscovery(() => page([momentum]));
    renderApp('/discovery?sort=followers');
    await screen.findAllByRole('article', { name: 'Momentum Masters' });
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Follower Results');
    expect(api.tracesCalls()).toEqual(expect.arrayContaining([{ category: 'All', sortBy: 'followers', limit: '24' }]));
  });

  it('shows-what-followers-got-and-the-slippage-badge-only-when-known', async () => {
    const copied = buildTraceSummary({ followerReturnMedian: 4.2, slippageMedian: 0.12 });
    const better = buildTraceSummary({
      id: 'trace-3',
      name: 'Better Fills',
      handle: '@better_fills',
      isFeatured: false,
      followerReturnMedian: -1.25,
      slippageMedian: -0.05,
    });
    const returnOnly = buildTraceSummary({
      id: 'trace-4',
      name: 'Return Only',
      handle: '@return_only',
      isFeatured: false,
      followerReturnMedian: 0.8,
      slippageMedian: null,
    });
    mockDiscovery(byFeatured([], [copied, steady, better, returnOnly]));
    renderApp('/discovery');
    const grid = await screen.findByRole('region', { name: 'All Traders' });
    const mm = await within(grid).findByRole('article', { name: 'Momentum Masters' });

    expect(within(mm).getByText(/^Followers:/)).toHaveTextContent(/^Followers: \+4\.2 %$/);
    expect(within(mm).getByText(/^Followers:/)).toHaveClass('gain');
    expect(within(mm).getByText(/^Slippage/)).toHaveTextContent(/^Slippage \+0\.12 %$/);

    const bf = card(grid, 'Better Fills');
    expect(within(bf).getByText(/^Followers:/)).toHaveTextContent(/^Followers: −1\.3 %$/);
    expect(within(bf).getByText(/^Followers:/)).toHaveClass('loss');
    expect(within(bf).getByText(/^Slippage/)).toHaveTextContent(/^Slippage −0\.05 %$/);

    const ro = card(grid, 'Return Only');
    expect(within(ro).getByText(/^Followers:/)).toHaveTextContent(/^Followers: \+0\.8 %$/);
    expect(within(ro).queryByText(/^Slippage/)).not.toBeInTheDocument();

    // Not enough copies: neither is shown (no 0, no "Not enough copies yet" on a card).
    const si = card(grid, 'Steady Income');
    expect(within(si).queryByText(/^Followers:/)).not.toBeInTheDocument();
    expect(within(si).queryByText(/^Slippage/)).not.toBeInTheDocument();
  });

  it('searches-on-the-server-once-typing-pauses', async () => {
    const api = mockDiscovery((query) =>
      query.get('search') === 'momentum' ? page([momentum]) : page([momentum, steady]),
    );
    const { user, location } = renderApp('/discovery');
    const grid = await screen.findByRole('region', { name: 'All Traders' });
    await within(grid).findByRole('article', { name: 'Steady Income' });
    const before = api.tracesCalls().length;

    await user.type(screen.getByRole('searchbox', { name: 'Search traders' }), 'momentum');
    await waitFor(() => expect(within(grid).queryByRole('article', { name: 'Steady Income' })).not.toBeInTheDocument());
    expect(within(grid).getByRole('article', { name: 'Momentum Masters' })).toBeInTheDocument();

    // One pair of calls (featured + grid) for the whole word, none for 'm', 'mo', …
    const searched = api.tracesCalls().slice(before);
    expect(searched).toEqual(
      expect.arrayContaining([
        { search: 'momentum', featured: 'true', category: 'All', sortBy: 'return', limit: '6' },
        { search: 'momentum', category: 'All', sortBy: 'return', limit: '24' },
      ]),
    );
    expect(searched).toHaveLength(2);
    expect(location().search).toBe('?q=momentum');
  });

  it('reads-search-tab-and-sort-from-the-address', async () => {
    const api = mockDiscovery(() => page([momentum]));
    renderApp('/discovery?q=mom&category=crypto&sort=winrate');

    expect(await screen.findByRole('searchbox', { name: 'Search traders' })).toHaveValue('mom');
    expect(screen.getByRole('tab', { name: 'Crypto' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Win Rate');
    await screen.findByRole('article', { name: 'Momentum Masters' });
    expect(api.tracesCalls()).toEqual([{ search: 'mom', category: 'Crypto', sortBy: 'winrate', limit: '24' }]);
  });

  it('shows-the-empty-state-with-create-your-trace-to-the-dashboard', async () => {
    mockDiscovery(() => page([]));
    const { user, location } = renderApp('/discovery');

    const create = await screen.findByRole('link', { name: 'Create Your Trace' });
    expect(screen.getByText('No traders found')).toBeInTheDocument();
    expect(create).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('region', { name: 'Featured Traders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await user.click(create);
    expect(location().pathname).toBe('/dashboard');
  });

  it('shows-skeletons-while-loading-and-an-error-with-retry-that-loads-again', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((done) => {
      release = done;
    });
    const api = mockDiscovery(() => page([steady]));
    api.set('GET /api/traces', async () => {
      await gate;
      return fail ? { status: 500, body: errorBody('INTERNAL', 'Something went wrong') } : page([steady]);
    });
    const { user } = renderApp('/discovery');

    expect(await screen.findByText('Loading traders')).toBeInTheDocument();
    expect(screen.getByText('Loading featured traders')).toBeInTheDocument();
    // Skeleton cards, not empty space.
    expect(document.querySelectorAll('.trader-card--skeleton').length).toBeGreaterThan(0);
    release();

    const grid = await screen.findByRole('region', { name: 'All Traders' });
    expect(await within(grid).findByRole('alert')).toHaveTextContent("Couldn't load traders.");
    expect(within(section('Featured Traders')).getByRole('alert')).toHaveTextContent("Couldn't load featured traders.");

    fail = false;
    await user.click(within(grid).getByRole('button', { name: 'Retry' }));
    expect(await within(grid).findByRole('article', { name: 'Steady Income' })).toBeInTheDocument();
    expect(within(grid).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads-the-next-page-at-next-offset-with-load-more', async () => {
    const more = buildTraceSummary({ id: 'trace-3', name: 'Crypto Carl', handle: 'crypto_carl', isFeatured: false });
    const api = mockDiscovery((query) => {
      if (query.get('featured') === 'true') return page([]);
      return query.get('offset') === '24' ? page([more], { offset: 24 }) : page([momentum, steady], { nextOffset: 24 });
    });
    const { user } = renderApp('/discovery');
    const grid = await screen.findByRole('region', { name: 'All Traders' });
    await within(grid).findByRole('article', { name: 'Steady Income' });

    await user.click(within(grid).getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByRole('article', { name: 'Crypto Carl' })).toBeInTheDocument();
    // The first page stays; the server says there is no further page.
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    expect(within(grid).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.tracesCalls().at(-1)).toEqual({ category: 'All', sortBy: 'return', limit: '24', offset: '24' });
  });
});
