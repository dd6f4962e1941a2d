import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, type MockResponse, type MockRoutes } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { buildFollowerResultsFigures } from '@/testing/trace-fixtures';
import { buildOwnerAnalytics, buildOwnerTraceData, ownerSubscriber, TRACE_ID } from '../testing/owner-fixtures';

const user = buildUser({ id: 'owner-1', username: 'maya_chen' });
const analyticsPath = `GET /api/trace-owner/${TRACE_ID}/analytics`;
const subscribersPath = `GET /api/trace-owner/${TRACE_ID}/subscribers`;

function mockDashboard(routes: MockRoutes) {
  return mockApi({
    ...signedInAs(user),
    [`GET /api/trace-owner/${TRACE_ID}`]: { body: { success: true, ...buildOwnerTraceData() } },
    [`GET /api/trace-owner/${TRACE_ID}/snaptrade-trades`]: {
      body: { success: true, trades: [], totalCount: 0, sharedCount: 0 },
    },
    ...routes,
  });
}

/** The query strings of the calls to `pathname` so far (the mock's routes see paths without them). */
const queriesTo = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], pathname: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname)
    .map((url) => Object.fromEntries(url.searchParams));

const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const region = (name: string) => screen.findByRole('region', { name });

vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/trace-dashboard'), import('@/app/routes/app/root')]);
}, 60_000);

describe('owner analytics tab', () => {
  it('shows-the-follower-results-with-the-window-switch', async () => {
    const api = mockDashboard({
      [analyticsPath]: {
        body: buildOwnerAnalytics({
          windows: [
            buildFollowerResultsFigures('30d', { followers: 6, fillRate: null }),
            buildFollowerResultsFigures('90d'),
            buildFollowerResultsFigures('all'),
          ],
        }),
      },
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=analytics`);
    const results = await region('Follower results');
    expect(api.callsTo(analyticsPath)).toHaveLength(1);
    expect(figure(results, 'Followers who copied')).toHaveTextContent('48');
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^\+4\.2 %$/);
    expect(figure(results, 'Delay (median)')).toHaveTextContent(/^1\.2 s$/);
    expect(figure(results, 'Slippage (median)')).toHaveTextContent(/^\+0\.12 %$/);

    await actor.click(within(results).getByRole('button', { name: '30 days' }));
    expect(figure(results, 'Followers who copied')).toHaveTextContent('6');
    expect(figure(results, 'Fill rate')).toHaveTextContent(/^Not enough copies yet$/);
    expect(within(results).getByText('How these are computed')).toBeInTheDocument();
  });

  it('draws-the-weekly-series-subscribers-and-copies-per-trade', async () => {
    mockDashboard({ [analyticsPath]: { body: buildOwnerAnalytics() } });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=analytics`);

    const perWeek = await region('Copies per week');
    const copiesChart = within(perWeek).getByRole('img', {
      name: /^Copies placed per week, Feb 16, 2026 to Mar 2, 2026$/,
    });
    // One bar per week with copies (the empty week draws none).
    expect(copiesChart.querySelectorAll('rect')).toHaveLength(2);
    expect(within(perWeek).getByRole('figure')).toHaveAccessibleName(
      '16 copies placed in 3 weeks; 12 copies in the week of Mar 2, 2026.',
    );

    const returns = await region('Returns per week');
    const returnsChart = within(returns).getByRole('img', { name: /^Median follower and trader return per week/ });
    // Follower and trader bars of the one week with enough closed copies.
    expect(returnsChart.querySelectorAll('rect')).toHaveLength(2);
    expect(within(returns).getByRole('figure')).toHaveTextContent(
      'Week of Mar 2, 2026: followers +2.5 %, trader +3.3 %. 1 of 3 weeks had enough closed copies.',
    );
    expect(within(within(returns).getByRole('list', { name: 'Legend' })).getAllByRole('listitem')).toHaveLength(2);

    const subscribers = await region('Subscribers per week');
    expect(
      within(subscribers)
        .getByRole('img', { name: /^Active subscribers per week/ })
        .querySelectorAll('rect'),
    ).toHaveLength(3);
    expect(within(subscribers).getByRole('figure')).toHaveTextContent(
      '8 active subscribers in the week of Mar 2, 2026, 3 in the week of Feb 16, 2026.',
    );

    const perTrade = await region('Copies per shared trade');
    const rows = within(
      within(perTrade).getByRole('list', { name: 'Copies per shared trade, newest first' }),
    ).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['AAPLMar 3, 202612 copies', 'NVDAFeb 17, 20261 copy']);

    await actor.click(screen.getByText('Weekly figures'));
    const table = screen.getByRole('table', { name: 'Weekly figures' });
    const [, newest, , oldest] = within(table).getAllByRole('row');
    expect(newest).toHaveTextContent('Mar 2, 2026');
    expect(newest).toHaveTextContent('+2.5 %');
    expect(newest).toHaveTextContent('+0.08 %');
    expect(oldest).toHaveTextContent('Feb 16, 2026');
    expect(oldest).toHaveTextContent('Not enough copies yet');
  });

  it('shows-empty-states-when-nothing-was-computed-or-shared', async () => {
    mockDashboard({
      [analyticsPath]: {
        body: buildOwnerAnalytics({
          computedAt: null,
          windows: [],
          weekly: [],
          subscribersWeekly: [],
          copiesPerTrade: [],
        }),
      },
    });
    renderApp(`/trace/${TRACE_ID}/dashboard?tab=analytics`);
    expect(await within(await region('Follower results')).findByText('Not enough copies yet')).toBeInTheDocument();
    expect(within(await region('Copies per week')).getByText('No copies yet')).toBeInTheDocument();
    expect(within(await region('Returns per week')).getByText('Not enough copies yet')).toBeInTheDocument();
    expect(within(await region('Subscribers per week')).getByText('No subscribers yet')).toBeInTheDocument();
    expect(within(await region('Copies per shared trade')).getByText('No shared trades yet')).toBeInTheDocument();
    expect(screen.queryByText('Weekly figures')).not.toBeInTheDocument();
  });

  it('shows-loading-then-an-error-with-retry', async () => {
    const answer = deferred<MockResponse>();
    const api = mockDashboard({ [analyticsPath]: () => answer.promise });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=analytics`);
    expect(await screen.findByText('Loading analytics...')).toBeInTheDocument();
    answer.resolve({ status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again shortly') });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the analytics.");

    api.set(analyticsPath, { body: buildOwnerAnalytics() });
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await region('Follower results')).toBeInTheDocument();
    expect(api.callsTo(analyticsPath)).toHaveLength(2);
  });
});

describe('owner subscribers tab', () => {
  it('lists-subscribers-and-loads-more-with-the-cursor-until-the-last-page', async () => {
    const api = mockDashboard({
      [subscribersPath]: () => {
        const query = queriesTo(api.fetchMock, `/api/trace-owner/${TRACE_ID}/subscribers`).at(-1)!;
        return query.cursor === 'cursor-2'
          ? { body: { success: true, subscribers: [ownerSubscriber('u-3', { copies: 1 })], nextCursor: null } }
          : {
              body: {
                success: true,
                subscribers: [
                  ownerSubscriber('u-1', { username: 'leo_park', tier: 'vip', copies: 12 }),
                  ownerSubscriber('u-2', { username: null, status: 'ended', since: '2026-02-20T10:00:00.000Z' }),
                ],
                nextCursor: 'cursor-2',
              },
            };
      },
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=subscribers`);
    const list = await screen.findByRole('list', { name: 'Subscribers' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('leo_park');
    expect(rows[0]).toHaveTextContent('VIP');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('Since Mar 1, 2026 · 12 copies');
    expect(rows[1]).toHaveTextContent('Unknown user');
    expect(rows[1]).toHaveTextContent('Basic');
    expect(rows[1]).toHaveTextContent('Ended');
    expect(rows[1]).toHaveTextContent('Since Feb 20, 2026 · 3 copies');

    await actor.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('user_u-3');
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('1 copy');
    expect(queriesTo(api.fetchMock, `/api/trace-owner/${TRACE_ID}/subscribers`)).toEqual([
      { limit: '20' },
      { limit: '20', cursor: 'cursor-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says-no-subscribers-yet-when-there-are-none', async () => {
    mockDashboard({ [subscribersPath]: { body: { success: true, subscribers: [], nextCursor: null } } });
    renderApp(`/trace/${TRACE_ID}/dashboard?tab=subscribers`);
    const card = await region('Subscribers');
    expect(await within(card).findByText('No subscribers yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows-loading-then-an-error-with-retry', async () => {
    const answer = deferred<MockResponse>();
    const api = mockDashboard({ [subscribersPath]: () => answer.promise });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=subscribers`);
    expect(await screen.findByText('Loading subscribers...')).toBeInTheDocument();
    answer.resolve({ status: 500, body: errorBody('INTERNAL', 'Internal error') });
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your subscribers.");

    api.set(subscribersPath, { body: { success: true, subscribers: [ownerSubscriber('u-1')], nextCursor: null } });
    await actor.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('user_u-1')).toBeInTheDocument();
  });

  it('keeps-the-loaded-page-and-offers-retry-when-the-next-page-fails', async () => {
    const api = mockDashboard({
      [subscribersPath]: { body: { success: true, subscribers: [ownerSubscriber('u-1')], nextCursor: 'cursor-2' } },
    });
    const { user: actor } = renderApp(`/trace/${TRACE_ID}/dashboard?tab=subscribers`);
    await screen.findByText('user_u-1');
    api.set(subscribersPath, { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'Try again shortly') });
    await actor.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load your subscribers.");
    expect(screen.getByText('user_u-1')).toBeInTheDocument();
  });
});
