import type { FollowerGuardsView, TraceGuardsView } from '@copytrade/contracts';
import { CopyGuardMessages } from '@copytrade/contracts/rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/react-query';
import { buildUser } from '@/testing/data';
import { errorBody, mockApi, signedInAs, type RecordedCall } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { TraceGuardsControls } from './trace-controls';

const DEFAULTS: FollowerGuardsView = {
  priceProtectionPercent: null,
  maxShareAgeMinutes: null,
  autoCopyStopped: false,
  autoCopyStoppedAt: null,
  dailyLossLimit: null,
  dailyLossStoppedOn: null,
  dailyLossResumesOn: null,
  marketClosedPolicy: 'skip',
  sizingMode: 'fixed',
  sizingPercent: null,
  copyOpenPositions: false,
  updatedAt: null,
};
const TRACE = '6f1c2b8e-8a41-4a55-9d0c-2f0a5a6b7c81';
const TRACE_DEFAULTS: TraceGuardsView = {
  traceId: TRACE,
  autoCopyPaused: false,
  pausedReason: null,
  pausedAt: null,
  stopLossPercent: null,
  priceProtectionPercent: null,
  updatedAt: null,
};

/** The API with the follower's guards: PUT and the kill switch answer the guards after the change. */
function guardsApi(initial: Partial<FollowerGuardsView> = {}) {
  let guards = { ...DEFAULTS, ...initial };
  const answer = (change: Partial<FollowerGuardsView>) => {
    guards = { ...guards, ...change, updatedAt: '2026-01-02T10:00:00.000Z' };
    return { body: { success: true, guards } };
  };
  return mockApi({
    ...signedInAs(buildUser()),
    'GET /api/copy-guards': () => ({ body: { success: true, guards } }),
    'PUT /api/copy-guards': (call: RecordedCall) => answer(call.body as Partial<FollowerGuardsView>),
    'POST /api/copy-guards/stop-all': (call: RecordedCall) => ({
      body: {
        ...answer({ autoCopyStopped: true, autoCopyStoppedAt: '2026-01-02T10:00:00.000Z' }).body,
        closeAutomaticCopies: (call.body as { closeAutomaticCopies: boolean }).closeAutomaticCopies,
        closingCopies: (call.body as { closeAutomaticCopies: boolean }).closeAutomaticCopies ? 3 : 0,
      },
    }),
    'POST /api/copy-guards/resume-all': () => answer({ autoCopyStopped: false, autoCopyStoppedAt: null }),
  });
}

const guardsForm = async () => screen.findByRole('form', { name: 'Copy guards' });

// The whole app renders for each: on a busy machine the first one can take a few seconds.
describe('settings: follower-wide copy guards', { timeout: 30_000 }, () => {
  it('refuses out-of-range values with the shared messages and sends nothing', async () => {
    const api = guardsApi();
    const { user } = renderApp('/settings');
    const form = await guardsForm();
    await user.type(within(form).getByLabelText('Price protection (%)'), '25');
    await user.type(within(form).getByLabelText('Maximum share age (minutes)'), '2.5');
    await user.type(within(form).getByLabelText('Daily loss limit ($)'), '0.5');
    await user.click(within(form).getByRole('button', { name: 'Save copy guards' }));
    expect(within(form).getByText(CopyGuardMessages.pricePercent)).toBeInTheDocument();
    expect(within(form).getByText(CopyGuardMessages.maxShareAgeMinutes)).toBeInTheDocument();
    expect(within(form).getByText(CopyGuardMessages.dailyLossLimit)).toBeInTheDocument();
    expect(within(form).getByLabelText('Price protection (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /api/copy-guards')).toHaveLength(0);
  });

  it('saves every setting, blank as off (null), and shows the saved state', async () => {
    const api = guardsApi({ dailyLossLimit: 500 });
    const { user } = renderApp('/settings');
    const form = await guardsForm();
    expect(within(form).getByLabelText('Daily loss limit ($)')).toHaveValue(500);
    await user.type(within(form).getByLabelText('Price protection (%)'), '2.5');
    await user.type(within(form).getByLabelText('Maximum share age (minutes)'), '30');
    await user.clear(within(form).getByLabelText('Daily loss limit ($)'));
    await user.click(within(form).getByLabelText('Place it when the market next opens'));
    await user.click(within(form).getByLabelText('% of your account'));
    await user.type(within(form).getByLabelText('Share of your account per copy (%)'), '10');
    await user.click(within(form).getByLabelText(/Copy the trader's open positions/));
    await user.click(within(form).getByRole('button', { name: 'Save copy guards' }));
    expect(await within(form).findByText('Copy guards saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/copy-guards').map((call) => call.body)).toEqual([
      {
        priceProtectionPercent: 2.5,
        maxShareAgeMinutes: 30,
        dailyLossLimit: null,
        sizingPercent: 10,
        marketClosedPolicy: 'next_open',
        sizingMode: 'account_percent',
        copyOpenPositions: true,
      },
    ]);
  });

  it('needs the percent when sizing by % of the account', async () => {
    const api = guardsApi();
    const { user } = renderApp('/settings');
    const form = await guardsForm();
    await user.click(within(form).getByLabelText('% of your account'));
    await user.click(within(form).getByRole('button', { name: 'Save copy guards' }));
    expect(within(form).getByText(CopyGuardMessages.sizingPercentRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT /api/copy-guards')).toHaveLength(0);
  });

  it("shows the server's refusal", async () => {
    const api = guardsApi();
    api.set('PUT /api/copy-guards', { status: 400, body: errorBody('VALIDATION_FAILED', 'Refused by the server.') });
    const { user } = renderApp('/settings');
    const form = await guardsForm();
    await user.click(within(form).getByRole('button', { name: 'Save copy guards' }));
    expect(await within(form).findByText('Refused by the server.')).toBeInTheDocument();
  });

  it(
    'stops all automatic copying, asking to close the automatic copies, then resumes',
    { timeout: 15_000 },
    async () => {
      const api = guardsApi();
      const { user } = renderApp('/settings');
      await guardsForm();
      await user.click(screen.getByLabelText('And close my automatic copies'));
      await user.click(screen.getByRole('button', { name: 'Stop all and close my automatic copies' }));
      expect(await screen.findByText(/Automatic copying is stopped/)).toBeInTheDocument();
      expect(await screen.findByText('Selling 3 automatic copies at market')).toBeInTheDocument();
      expect(api.callsTo('POST /api/copy-guards/stop-all').map((call) => call.body)).toEqual([
        { closeAutomaticCopies: true },
      ]);
      await user.click(screen.getByRole('button', { name: 'Resume automatic copying' }));
      expect(await screen.findByRole('button', { name: 'Stop all automatic copying' })).toBeInTheDocument();
      expect(api.callsTo('POST /api/copy-guards/resume-all')).toHaveLength(1);
    },
  );

  it('says when the daily loss limit stopped automatic copying today, and the day it resumes; nothing otherwise', async () => {
    guardsApi({ dailyLossLimit: 1500, dailyLossStoppedOn: '2026-11-27', dailyLossResumesOn: '2026-11-28' });
    const { unmount } = renderApp('/settings');
    await guardsForm();
    // Announced politely (role status), with its title first.
    const status = screen.getByText('Automatic copying is stopped for today').closest('[role="status"]');
    expect(status).toHaveTextContent('Automatic copying is stopped for today');
    expect(status).toHaveTextContent('your daily loss limit of $1,500.00');
    expect(status).toHaveTextContent('resumes by itself on Saturday, Nov 28 (US Eastern time)');
    // The kill switch is a separate matter: still offered.
    expect(screen.getByRole('button', { name: 'Stop all automatic copying' })).toBeInTheDocument();
    unmount();

    guardsApi({ dailyLossLimit: 1500 });
    renderApp('/settings');
    await guardsForm();
    expect(screen.queryByText('Automatic copying is stopped for today')).not.toBeInTheDocument();
  });

  it('says when the guards cannot be loaded, and retries', async () => {
    const api = guardsApi();
    api.set('GET /api/copy-guards', { status: 503, body: errorBody('UNAVAILABLE', 'Down') });
    const { user } = renderApp('/settings');
    expect(await screen.findByText('Your copy guards could not be loaded.')).toBeInTheDocument();
    api.set('GET /api/copy-guards', { body: { success: true, guards: DEFAULTS } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await guardsForm()).toBeInTheDocument();
  });
});

function renderControls(guards: Partial<TraceGuardsView> = {}) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <TraceGuardsControls guards={{ ...TRACE_DEFAULTS, ...guards }} traceName="Momentum Masters" />
    </QueryClientProvider>,
  );
  return { user };
}

describe('per-trace copy guards', () => {
  it('pauses automatic copying of the trace', async () => {
    const api = mockApi({
      [`POST /api/copy-guards/traces/${TRACE}/pause`]: {
        body: { success: true, traceGuards: { ...TRACE_DEFAULTS, autoCopyPaused: true, pausedReason: 'user' } },
      },
    });
    const { user } = renderControls();
    expect(screen.getByText('Copying automatically')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause automatic copying' }));
    expect(await screen.findByText('Automatic copying paused')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/copy-guards/traces/${TRACE}/pause`)).toHaveLength(1);
  });

  it('offers resume when paused, with the reason', async () => {
    const api = mockApi({
      [`POST /api/copy-guards/traces/${TRACE}/resume`]: { body: { success: true, traceGuards: TRACE_DEFAULTS } },
    });
    const { user } = renderControls({ autoCopyPaused: true, pausedReason: 'stop_loss' });
    expect(screen.getByText('Paused: copy stop-loss reached')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume automatic copying' }));
    await waitFor(() => expect(api.callsTo(`POST /api/copy-guards/traces/${TRACE}/resume`)).toHaveLength(1));
  });

  it('checks and saves the copy stop-loss and the price-protection override (blank: off)', async () => {
    const api = mockApi({
      [`PUT /api/copy-guards/traces/${TRACE}`]: (call) => ({
        body: { success: true, traceGuards: { ...TRACE_DEFAULTS, ...(call.body as object) } },
      }),
    });
    const { user } = renderControls({ priceProtectionPercent: 3 });
    const form = screen.getByRole('form', { name: 'Copy guards for Momentum Masters' });
    await user.type(within(form).getByLabelText('Copy stop-loss (%)'), '2');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(within(form).getByText(CopyGuardMessages.stopLossPercent)).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/copy-guards/traces/${TRACE}`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Copy stop-loss (%)'));
    await user.type(within(form).getByLabelText('Copy stop-loss (%)'), '25');
    await user.clear(within(form).getByLabelText('Price protection for this trace (%)'));
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(await within(form).findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/copy-guards/traces/${TRACE}`).map((call) => call.body)).toEqual([
      { stopLossPercent: 25, priceProtectionPercent: null },
    ]);
  });
});
