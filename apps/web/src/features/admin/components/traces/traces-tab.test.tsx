import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { errorBody, mockApi } from '@/testing/mock-api';
import { stubResizeObserver } from '@/testing/resize-observer';
import { renderApp } from '@/testing/test-utils';
import { ADMIN, adminWithTraces, buildAdminTrace, NEW_OWNER_ID, OWNER_ID } from '../../testing/admin-traces-fixtures';

const momentum = buildAdminTrace({ id: 'trace-momentum', isOnboardingTrader: true });
const swing = buildAdminTrace({
  id: 'trace-swing',
  name: 'Swing Kings',
  handle: '@swing_kings',
  // Identity did not answer in time: the row still shows, without the owner's name.
  owner: { id: OWNER_ID, username: null, email: null },
  isVerified: false,
  isFeatured: false,
  riskLevel: 'high',
  subscriberCount: 3,
  counts: { subscriptions: 3, trades: 12, posts: 0 },
  createdAt: '2026-01-15T09:00:00.000Z',
});

/** Types a value at once (typing a uuid key by key is slow on a loaded machine). */
async function fill(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}

const row = (name: string) => screen.findByRole('listitem', { name });
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

// The first render of a file imports the lazy admin chunk (and its Radix dialog, select and switch): on a busy
// machine that alone can take longer than the usual 5 s wait. Import it once up front, and wait a little longer.
configure({ asyncUtilTimeout: 12_000 });
beforeAll(async () => {
  await import('@/app/routes/app/admin');
}, 60_000);

// jsdom has no ResizeObserver; Radix's Switch measures itself with it when it sits in a form.
beforeEach(() => stubResizeObserver());

// Each test renders the whole app and walks a dialog: more than the default 5 s on a busy machine.
describe('admin panel: Traces tab', { timeout: 30_000 }, () => {
  it('lists-the-traces-with-their-facts-and-marks-the-onboarding-trader', async () => {
    const api = mockApi(adminWithTraces([momentum, swing], momentum));
    renderApp('/admin?tab=traces');

    expect(await screen.findByRole('heading', { name: 'Traces', level: 2 })).toBeInTheDocument();
    const first = await row('Momentum Masters');
    expect(within(first).getByText('@momentum_masters')).toBeInTheDocument();
    expect(within(first).getByText('Onboarding trader')).toBeInTheDocument();
    expect(within(first).getByText('Verified')).toBeInTheDocument();
    expect(within(first).getByText('Featured')).toBeInTheDocument();
    expect(within(first).getByText(OWNER_ID)).toBeInTheDocument();
    expect(within(first).getByText('maya_chen')).toBeInTheDocument();
    expect(within(first).getByText(/maya@example\.com/)).toBeInTheDocument();
    expect(within(first).getByText('12,482')).toBeInTheDocument();
    expect(within(first).getByText('240')).toBeInTheDocument();
    expect(within(first).getByText('Medium')).toBeInTheDocument();
    expect(within(first).getByText('Mar 4, 2026')).toBeInTheDocument();
    // The onboarding trader is not offered again as one.
    expect(within(first).queryByRole('button', { name: /Set as onboarding trader/ })).not.toBeInTheDocument();

    const second = await row('Swing Kings');
    expect(within(second).queryByText('Onboarding trader')).not.toBeInTheDocument();
    expect(within(second).queryByText('Verified')).not.toBeInTheDocument();
    expect(within(second).getByText('High')).toBeInTheDocument();
    expect(within(second).getByText('—')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Set as onboarding trader Swing Kings' })).toBeEnabled();

    const current = screen.getByRole('region', { name: 'Onboarding trader' });
    expect(await within(current).findByText('Momentum Masters')).toBeInTheDocument();

    // The admin bodies carry the acting user's id; the list is asked a page (and one more) at a time (see
    // docs/product.md#rest-calls).
    expect(api.callsTo('POST /api/admin/traces')[0]?.body).toEqual({ userId: ADMIN.id, limit: 26, offset: 0 });
    expect(api.callsTo('POST /api/admin/onboarding-trader')[0]?.body).toEqual({ userId: ADMIN.id });
    expect(screen.getByText(/Showing 2 traces/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says-when-there-are-no-traces-and-no-onboarding-trader', async () => {
    mockApi(adminWithTraces([], null));
    renderApp('/admin?tab=traces');
    expect(await screen.findByText('No traces yet')).toBeInTheDocument();
    expect(screen.getByText(/None designated/)).toBeInTheDocument();
  });

  it('shows-the-fallback-error-toasts-when-the-reads-fail-without-a-message', async () => {
    const logged = quiet();
    const api = mockApi({
      ...adminWithTraces(),
      'POST /api/admin/traces': { status: 500 },
      'POST /api/admin/onboarding-trader': { status: 502 },
    });
    const { user } = renderApp('/admin?tab=traces');

    expect(await screen.findByText('Failed to fetch traces')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch onboarding trader')).toBeInTheDocument();
    expect(screen.getAllByText('Error')).toHaveLength(2);
    expect(screen.getByText("Couldn't load the traces.")).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch traces', expect.anything());

    // Retry reads again; its answer replaces the error.
    api.set('POST /api/admin/traces', { body: { success: true, traces: [swing] } });
    const retry = within(screen.getByText("Couldn't load the traces.").closest('[role="alert"]') as HTMLElement);
    await user.click(retry.getByRole('button', { name: 'Retry' }));
    expect(await row('Swing Kings')).toBeInTheDocument();
  });

  it('shows-the-server-message-when-the-list-is-refused', async () => {
    quiet();
    mockApi({
      ...adminWithTraces(),
      'POST /api/admin/traces': { status: 403, body: errorBody('FORBIDDEN', 'Admin access required') },
    });
    renderApp('/admin?tab=traces');
    expect(await screen.findByText('Admin access required')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('pages-with-load-more', async () => {
    const page = Array.from({ length: 26 }, (_, index) =>
      buildAdminTrace({ id: `trace-${index}`, name: `Trace ${index}`, handle: `@trace_${index}` }),
    );
    const api = mockApi({
      ...adminWithTraces(),
      'POST /api/admin/traces': ({ body }) => {
        const { offset } = body as { offset: number };
        return {
          body: { success: true, traces: offset === 0 ? page : [buildAdminTrace({ id: 'last', name: 'Last' })] },
        };
      },
    });
    const { user } = renderApp('/admin?tab=traces');

    expect(await row('Trace 24')).toBeInTheDocument();
    // The 26th row only says there is more: it is not shown until the next page.
    expect(screen.queryByRole('listitem', { name: 'Trace 25' })).not.toBeInTheDocument();
    expect(screen.getByText(/Showing 25 traces/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await row('Last')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/traces')[1]?.body).toEqual({ userId: ADMIN.id, limit: 26, offset: 25 });
    expect(screen.getByText(/Showing 26 traces \(all\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  describe('Create Trace', () => {
    it('refuses-a-form-without-the-required-fields-before-calling-the-server', async () => {
      quiet();
      const api = mockApi(adminWithTraces([swing]));
      const { user } = renderApp('/admin?tab=traces');

      await user.click(await screen.findByRole('button', { name: 'Create Trace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Trace' });
      await fill(user, within(dialog).getByLabelText('Name (required)'), 'Only A Name');
      await fill(user, within(dialog).getByLabelText('Owner user id (required)'), '   ');
      await user.click(within(dialog).getByRole('button', { name: 'Create Trace' }));

      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
      expect(await screen.findByText('Error')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Handle (required)')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Owner user id (required)')).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText('Name (required)')).not.toHaveAttribute('aria-invalid');
      expect(within(dialog).getByLabelText('Handle (required)')).toHaveFocus();
      expect(api.callsTo('POST /api/admin/create-trace')).toHaveLength(0);

      // Filling them in clears the marks and the message.
      await fill(user, within(dialog).getByLabelText('Handle (required)'), 'only_a_name');
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
      await fill(user, within(dialog).getByLabelText('Owner user id (required)'), OWNER_ID);
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog).getByLabelText('Handle (required)')).not.toHaveAttribute('aria-invalid');
    });

    it('sends-every-field-toasts-success-closes-and-refreshes-the-list', async () => {
      const api = mockApi({
        ...adminWithTraces([swing]),
        'POST /api/admin/create-trace': {
          body: { success: true, message: 'Trace created successfully', trace: buildAdminTrace({ id: 'new' }) },
        },
      });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(await screen.findByRole('button', { name: 'Create Trace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Trace' });
      // The documented defaults: risk medium, minimum investment 0, not verified, not featured.
      expect(within(dialog).getByRole('combobox', { name: 'Risk level' })).toHaveTextContent('Medium');
      expect(within(dialog).getByLabelText('Minimum investment (USD)')).toHaveValue(0);
      expect(within(dialog).getByRole('switch', { name: 'Verified' })).toHaveAttribute('aria-checked', 'false');
      expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10);

      await fill(user, within(dialog).getByLabelText('Name (required)'), '  Options Oracle ');
      await fill(user, within(dialog).getByLabelText('Handle (required)'), 'options_oracle');
      await fill(user, within(dialog).getByLabelText('Owner user id (required)'), OWNER_ID);
      await fill(user, within(dialog).getByLabelText('Description'), 'Weekly options');
      await fill(user, within(dialog).getByLabelText('Avatar URL'), 'https://example.com/a.png');
      await user.click(within(dialog).getByRole('checkbox', { name: 'Stocks' }));
      await user.click(within(dialog).getByRole('checkbox', { name: 'Options' }));
      await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Risk level' }), 'High');
      await fill(user, within(dialog).getByLabelText('Minimum investment (USD)'), '250.5');
      await user.click(within(dialog).getByRole('switch', { name: 'Verified' }));
      await user.click(within(dialog).getByRole('button', { name: 'Create Trace' }));

      expect(await screen.findByText('Success')).toBeInTheDocument();
      expect(screen.getByText('Trace created successfully')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Trace' })).not.toBeInTheDocument());
      expect(api.callsTo('POST /api/admin/create-trace')[0]?.body).toEqual({
        userId: ADMIN.id,
        name: 'Options Oracle',
        handle: 'options_oracle',
        ownerId: OWNER_ID,
        description: 'Weekly options',
        avatar: 'https://example.com/a.png',
        // In the fixed list's order, whatever order they were ticked in.
        tradingStyle: ['options', 'stocks'],
        riskLevel: 'high',
        minInvestment: 250.5,
        isVerified: true,
        isFeatured: false,
      });
      await waitFor(() => expect(api.callsTo('POST /api/admin/traces')).toHaveLength(2));
      await waitFor(() => expect(api.callsTo('POST /api/admin/onboarding-trader')).toHaveLength(2));
    });

    it('shows-the-server-refusal-and-keeps-the-form-open', async () => {
      quiet();
      mockApi({
        ...adminWithTraces([swing]),
        'POST /api/admin/create-trace': {
          status: 409,
          body: errorBody('HANDLE_TAKEN', 'This handle is already taken.'),
        },
      });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(await screen.findByRole('button', { name: 'Create Trace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Trace' });
      await fill(user, within(dialog).getByLabelText('Name (required)'), 'Swing Kings 2');
      await fill(user, within(dialog).getByLabelText('Handle (required)'), 'swing_kings');
      await fill(user, within(dialog).getByLabelText('Owner user id (required)'), OWNER_ID);
      await user.click(within(dialog).getByRole('button', { name: 'Create Trace' }));

      expect(await screen.findByText('Error')).toBeInTheDocument();
      expect(within(dialog).getByRole('alert')).toHaveTextContent('This handle is already taken.');
      expect(within(dialog).getByLabelText('Handle (required)')).toHaveValue('swing_kings');
    });

    it('uses-the-fallback-message-without-a-server-message', async () => {
      quiet();
      mockApi({ ...adminWithTraces([swing]), 'POST /api/admin/create-trace': { status: 500 } });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(await screen.findByRole('button', { name: 'Create Trace' }));
      const dialog = await screen.findByRole('dialog', { name: 'Create Trace' });
      await fill(user, within(dialog).getByLabelText('Name (required)'), 'X Trace');
      await fill(user, within(dialog).getByLabelText('Handle (required)'), 'x_trace');
      await fill(user, within(dialog).getByLabelText('Owner user id (required)'), OWNER_ID);
      await user.click(within(dialog).getByRole('button', { name: 'Create Trace' }));

      expect(await screen.findAllByText('Failed to create trace')).toHaveLength(2);
      expect(screen.getByText('Error')).toBeInTheDocument();
    });
  });

  describe('Change owner', () => {
    it('sends-the-new-owner-and-toasts-the-server-message', async () => {
      const api = mockApi({
        ...adminWithTraces([swing]),
        'POST /api/admin/update-trace-owner': {
          body: { success: true, message: 'Trace owner updated successfully', trace: swing },
        },
      });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(within(await row('Swing Kings')).getByRole('button', { name: 'Change owner Swing Kings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change Owner' });
      expect(within(dialog).getByText(OWNER_ID)).toBeInTheDocument();
      // An empty id is not sent.
      await user.click(within(dialog).getByRole('button', { name: 'Update Owner' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
      expect(api.callsTo('POST /api/admin/update-trace-owner')).toHaveLength(0);

      await fill(user, within(dialog).getByLabelText('New owner user id'), NEW_OWNER_ID);
      await user.click(within(dialog).getByRole('button', { name: 'Update Owner' }));

      expect(await screen.findByText('Trace owner updated successfully')).toBeInTheDocument();
      expect(screen.getByText('Success')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/update-trace-owner')[0]?.body).toEqual({
        userId: ADMIN.id,
        traceId: 'trace-swing',
        newOwnerId: NEW_OWNER_ID,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(api.callsTo('POST /api/admin/traces')).toHaveLength(2));
    });

    it('uses-the-fallback-message-without-a-server-message', async () => {
      quiet();
      mockApi({ ...adminWithTraces([swing]), 'POST /api/admin/update-trace-owner': { status: 503 } });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(within(await row('Swing Kings')).getByRole('button', { name: 'Change owner Swing Kings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change Owner' });
      await fill(user, within(dialog).getByLabelText('New owner user id'), NEW_OWNER_ID);
      await user.click(within(dialog).getByRole('button', { name: 'Update Owner' }));

      expect(await screen.findAllByText('Failed to update trace owner')).toHaveLength(2);
      expect(screen.getByText('Error')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Change Owner' })).toBeInTheDocument();
    });
  });

  describe('Set as onboarding trader', () => {
    it('sets-it-toasts-and-refreshes-the-onboarding-trader', async () => {
      const api = mockApi({
        ...adminWithTraces([momentum, swing], momentum),
        'POST /api/admin/set-onboarding-trader': {
          body: { success: true, message: 'Onboarding trader set successfully', onboardingTrader: swing },
        },
      });
      const { user } = renderApp('/admin?tab=traces');

      const current = await screen.findByRole('region', { name: 'Onboarding trader' });
      expect(await within(current).findByText('Momentum Masters')).toBeInTheDocument();
      api.set('POST /api/admin/onboarding-trader', { body: { success: true, onboardingTrader: swing } });
      await user.click(
        within(await row('Swing Kings')).getByRole('button', { name: 'Set as onboarding trader Swing Kings' }),
      );

      expect(await screen.findByText('Onboarding trader set successfully')).toBeInTheDocument();
      expect(screen.getByText('Success')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/set-onboarding-trader')[0]?.body).toEqual({
        userId: ADMIN.id,
        traceId: 'trace-swing',
      });
      expect(await within(current).findByText('Swing Kings')).toBeInTheDocument();
    });

    it('uses-the-fallback-message-without-a-server-message', async () => {
      quiet();
      mockApi({ ...adminWithTraces([swing]), 'POST /api/admin/set-onboarding-trader': { status: 500 } });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(
        within(await row('Swing Kings')).getByRole('button', { name: 'Set as onboarding trader Swing Kings' }),
      );
      expect(await screen.findByText('Failed to set onboarding trader')).toBeInTheDocument();
      expect(screen.getByText('Error')).toBeInTheDocument();
    });
  });

  describe('Delete', () => {
    it('asks-first-then-deletes-toasts-and-refreshes', async () => {
      const api = mockApi({
        ...adminWithTraces([swing]),
        'POST /api/admin/delete-trace': {
          body: { success: true, message: 'Trace deleted successfully', endedSubscriptions: 3, deletedTrades: 12 },
        },
      });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(within(await row('Swing Kings')).getByRole('button', { name: 'Delete Swing Kings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Trace' });
      expect(dialog).toHaveTextContent('Delete Swing Kings (@swing_kings)?');
      // Cancel sends nothing.
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('POST /api/admin/delete-trace')).toHaveLength(0);

      api.set('POST /api/admin/traces', { body: { success: true, traces: [] } });
      await user.click(within(await row('Swing Kings')).getByRole('button', { name: 'Delete Swing Kings' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Trace' })).getByRole('button', {
          name: 'Delete Trace',
        }),
      );

      expect(await screen.findByText('Trace deleted successfully')).toBeInTheDocument();
      expect(screen.getByText('Success')).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/delete-trace')[0]?.body).toEqual({
        userId: ADMIN.id,
        traceId: 'trace-swing',
      });
      expect(await screen.findByText('No traces yet')).toBeInTheDocument();
    });

    it('shows-the-refusal-while-it-is-the-onboarding-trader', async () => {
      quiet();
      const refusal = 'This trace is the onboarding trader: set another onboarding trader before deleting it.';
      const api = mockApi({
        ...adminWithTraces([momentum], momentum),
        'POST /api/admin/delete-trace': { status: 409, body: errorBody('ONBOARDING_TRADER', refusal) },
      });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(within(await row('Momentum Masters')).getByRole('button', { name: 'Delete Momentum Masters' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete Trace' });
      expect(dialog).toHaveTextContent('the server refuses to delete it');
      await user.click(within(dialog).getByRole('button', { name: 'Delete Trace' }));

      expect(await screen.findByText(refusal)).toBeInTheDocument();
      expect(screen.getByText('Error')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(screen.getByRole('listitem', { name: 'Momentum Masters' })).toBeInTheDocument();
      expect(api.callsTo('POST /api/admin/delete-trace')).toHaveLength(1);
    });

    it('uses-the-fallback-message-without-a-server-message', async () => {
      quiet();
      mockApi({ ...adminWithTraces([swing]), 'POST /api/admin/delete-trace': { status: 500 } });
      const { user } = renderApp('/admin?tab=traces');

      await user.click(within(await row('Swing Kings')).getByRole('button', { name: 'Delete Swing Kings' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete Trace' })).getByRole('button', {
          name: 'Delete Trace',
        }),
      );
      expect(await screen.findByText('Failed to delete trace')).toBeInTheDocument();
      expect(screen.getByText('Error')).toBeInTheDocument();
    });
  });
});
