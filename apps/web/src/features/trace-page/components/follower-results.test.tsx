import type { FollowerResultsView, TraceDetailView } from '@copytrade/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi, signedInAs } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import {
  buildFollowerResultsFigures,
  buildFollowerResultsView,
  buildTraceSummary,
  NO_FOLLOWER_RESULTS,
} from '@/testing/trace-fixtures';

const TRACE_ID = '11111111-1111-4111-8111-111111111111';
const user = buildUser();
const SUBSCRIBER = { isOwner: false, isSubscribed: true, hasAccess: true, tier: 'basic' as const };
const VISITOR = { isOwner: false, isSubscribed: false, hasAccess: false, tier: null };

function traceWith(followerResults: FollowerResultsView, viewer: TraceDetailView['viewer']): TraceDetailView {
  return {
    ...buildTraceSummary({ id: TRACE_ID }),
    subscriptionTiers: [],
    posts: [],
    counts: { subscriptions: 1, trades: 0, posts: 0 },
    viewer,
    followerResults,
  };
}

function openTracePage(followerResults: FollowerResultsView, viewer: TraceDetailView['viewer'] = SUBSCRIBER) {
  mockApi({
    ...signedInAs(user),
    [`GET /api/traces/${TRACE_ID}`]: { body: { success: true, trace: traceWith(followerResults, viewer) } },
    [`GET /api/traces/${TRACE_ID}/tiers`]: { body: { success: true, tiers: [], betaFreeAccess: true } },
    [`GET /api/traces/${TRACE_ID}/trades`]: { body: { success: true, trades: [] } },
    [`GET /api/copy-guards/traces/${TRACE_ID}`]: {
      body: {
        success: true,
        traceGuards: {
          traceId: TRACE_ID,
          autoCopyPaused: false,
          pausedReason: null,
          pausedAt: null,
          stopLossPercent: null,
          priceProtectionPercent: null,
          updatedAt: null,
        },
      },
    },
  });
  return renderApp(`/trace/${TRACE_ID}`);
}

const section = () => screen.findByRole('region', { name: 'Follower results' });
/** The figure a label names, in the section (a `dt` and its first `dd`). */
const figure = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

beforeAll(async () => {
  await Promise.all([import('@/app/routes/app/trace'), import('@/app/routes/app/root')]);
}, 60_000);

describe('follower results on the trace page (full view)', () => {
  it('shows-every-figure-formatted-with-signs-and-units-for-all-time-first', async () => {
    openTracePage(
      buildFollowerResultsView({
        windows: [
          buildFollowerResultsFigures('30d'),
          buildFollowerResultsFigures('90d'),
          buildFollowerResultsFigures('all', { followerReturnP90: -3.14, slippageP95: -0.05, delayMedianMs: 850 }),
        ],
      }),
    );
    const results = await section();
    expect(within(results).getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'true');
    expect(figure(results, 'Followers who copied')).toHaveTextContent('48');
    expect(figure(results, 'Copies placed')).toHaveTextContent('120');
    expect(figure(results, 'Copies skipped')).toHaveTextContent('15');
    expect(figure(results, 'Copies not placed')).toHaveTextContent('5');
    expect(figure(results, 'Fill rate')).toHaveTextContent(/^96 %$/);
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^\+4\.2 %$/);
    expect(figure(results, 'Follower return (median)')).toHaveClass('gain');
    expect(figure(results, 'Follower return (90th percentile)')).toHaveTextContent(/^−3\.1 %$/);
    expect(figure(results, 'Follower return (90th percentile)')).toHaveClass('loss');
    expect(figure(results, "Trader's return, same trades (median)")).toHaveTextContent(/^\+5\.1 %$/);
    expect(within(results).getByText('80 closed copies')).toBeInTheDocument();
    expect(figure(results, 'Delay (median)')).toHaveTextContent(/^850 ms$/);
    expect(figure(results, 'Delay (95th percentile)')).toHaveTextContent(/^3 min$/);
    expect(figure(results, 'Slippage (median)')).toHaveTextContent(/^\+0\.12 %$/);
    // Positive slippage is a worse price than the trader's: red; negative a better one: green.
    expect(figure(results, 'Slippage (median)')).toHaveClass('loss');
    expect(figure(results, 'Slippage (95th percentile)')).toHaveTextContent(/^−0\.05 %$/);
    expect(figure(results, 'Slippage (95th percentile)')).toHaveClass('gain');
    expect(figure(results, 'Copied automatically')).toHaveTextContent(/^87\.5 %$/);
    expect(within(results).getByText('of 24 shared trades')).toBeInTheDocument();
    expect(
      within(results)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Copies', 'Returns', 'Execution']);
    expect(within(results).queryByText(/NaN/)).not.toBeInTheDocument();
  });

  it('switches-between-30-days-90-days-and-all-time', async () => {
    const { user: actor } = openTracePage(
      buildFollowerResultsView({
        windows: [
          buildFollowerResultsFigures('30d', { followers: 7, followerReturnMedian: 1.26, delayMedianMs: 1_234 }),
          buildFollowerResultsFigures('90d', { followers: 21, followerReturnMedian: -0.44 }),
          buildFollowerResultsFigures('all'),
        ],
      }),
    );
    const results = await section();
    const switcher = within(results).getByRole('group', { name: 'Time frame' });
    expect(
      within(switcher)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['30 days', '90 days', 'All time']);

    await actor.click(within(switcher).getByRole('button', { name: '30 days' }));
    expect(within(switcher).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(switcher).getByRole('button', { name: 'All time' })).toHaveAttribute('aria-pressed', 'false');
    expect(figure(results, 'Followers who copied')).toHaveTextContent('7');
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^\+1\.3 %$/);
    expect(figure(results, 'Delay (median)')).toHaveTextContent(/^1\.2 s$/);

    await actor.click(within(switcher).getByRole('button', { name: '90 days' }));
    expect(figure(results, 'Followers who copied')).toHaveTextContent('21');
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^−0\.4 %$/);
  });

  it('shows-not-enough-copies-yet-for-each-null-figure-never-a-zero', async () => {
    openTracePage(
      buildFollowerResultsView({
        windows: [
          buildFollowerResultsFigures('all', {
            followers: 2,
            copiesPlaced: 3,
            copiesSkipped: 0,
            copiesNotPlaced: 0,
            fillRate: null,
            closedCopies: 1,
            followerReturnMedian: null,
            followerReturnP90: null,
            traderReturnMedian: null,
            delayMedianMs: null,
            delayP95Ms: null,
            slippageMedian: null,
            slippageP95: null,
            autoCopiedShare: null,
          }),
        ],
      }),
    );
    const results = await section();
    for (const label of [
      'Fill rate',
      'Follower return (median)',
      'Follower return (90th percentile)',
      "Trader's return, same trades (median)",
      'Delay (median)',
      'Delay (95th percentile)',
      'Slippage (median)',
      'Slippage (95th percentile)',
      'Copied automatically',
    ]) {
      expect(figure(results, label)).toHaveTextContent(/^Not enough copies yet$/);
    }
    // Counts are always known.
    expect(figure(results, 'Copies placed')).toHaveTextContent('3');
    expect(within(results).queryByText(/NaN|0\.0 %/)).not.toBeInTheDocument();
  });

  it('says-not-enough-copies-yet-for-the-whole-section-when-nothing-was-computed', async () => {
    openTracePage(NO_FOLLOWER_RESULTS);
    const results = await section();
    expect(within(results).getByText('Not enough copies yet')).toBeInTheDocument();
    expect(within(results).getByText(/at least 10 copies/)).toBeInTheDocument();
    expect(within(results).queryByRole('group', { name: 'Time frame' })).not.toBeInTheDocument();
    expect(within(results).queryByText('Fill rate', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('explains-how-the-figures-are-computed', async () => {
    const { user: actor } = openTracePage(buildFollowerResultsView());
    const results = await section();
    await actor.click(within(results).getByText('How these are computed'));
    const help = within(results).getByText('How these are computed').closest('details')!;
    expect(help).toHaveAttribute('open');
    expect(help).toHaveTextContent('realised return on their closed copies of trades the trader has closed');
    expect(help).toHaveTextContent('Positive (+0.12 %) is worse than the trader');
    expect(help).toHaveTextContent('the time the brokerage filled a copy minus the time the trader shared the trade');
    expect(help).toHaveTextContent('fewer than 10 copies is not shown');
  });
});

describe('follower results from a traces service without them', () => {
  it('shows-the-page-without-the-section', async () => {
    openTracePage(undefined as unknown as FollowerResultsView);
    expect(await screen.findByRole('region', { name: 'Performance' })).toBeInTheDocument();
    // The section's chunk loaded and drew nothing; the page is still there.
    await waitFor(() => expect(screen.queryByText('Loading follower results...')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Live Trades' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Performance' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Follower results' })).not.toBeInTheDocument();
  });
});

describe('follower results on the trace page (public view)', () => {
  it('shows-a-summary-of-all-time-without-the-switch', async () => {
    openTracePage(buildFollowerResultsView({ summaryOnly: true }), VISITOR);
    const results = await section();
    expect(results).toHaveTextContent('all time');
    expect(within(results).queryByRole('group', { name: 'Time frame' })).not.toBeInTheDocument();
    expect(results.querySelector('dl')).toHaveAttribute('aria-label', 'Follower results, all time');
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^\+4\.2 %$/);
    expect(figure(results, "Trader's return, same trades (median)")).toHaveTextContent(/^\+5\.1 %$/);
    expect(figure(results, 'Fill rate')).toHaveTextContent(/^96 %$/);
    expect(figure(results, 'Slippage (median)')).toHaveTextContent(/^\+0\.12 %$/);
    // The tail percentiles and counts are the full view's.
    expect(
      within(results).queryByText('Follower return (90th percentile)', { selector: 'dt' }),
    ).not.toBeInTheDocument();
    expect(within(results).queryByText('Copies placed', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('says-not-enough-copies-yet-for-null-figures-and-for-nothing-computed', async () => {
    const { unmount } = openTracePage(
      buildFollowerResultsView({
        summaryOnly: true,
        windows: [buildFollowerResultsFigures('all', { followerReturnMedian: null, slippageMedian: null })],
      }),
      VISITOR,
    );
    const results = await section();
    expect(figure(results, 'Follower return (median)')).toHaveTextContent(/^Not enough copies yet$/);
    expect(figure(results, 'Slippage (median)')).toHaveTextContent(/^Not enough copies yet$/);
    expect(figure(results, 'Fill rate')).toHaveTextContent(/^96 %$/);
    unmount();

    openTracePage({ ...NO_FOLLOWER_RESULTS, summaryOnly: true }, VISITOR);
    const empty = await section();
    expect(within(empty).getByText('Not enough copies yet')).toBeInTheDocument();
    expect(within(empty).queryByText('Fill rate', { selector: 'dt' })).not.toBeInTheDocument();
  });
});
