import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/testing/data';
import { deferred, errorBody, mockApi, signedInAs, TEST_CSRF_TOKEN, type MockResponse } from '@/testing/mock-api';
import { chooseOption } from '@/testing/choose-option';
import { renderApp } from '@/testing/test-utils';

const member = buildUser({ email: 'member@example.com' });

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Beta Feedback' }));
  return screen.getByRole('dialog', { name: 'Send Feedback' });
}

describe('beta feedback', () => {
  it('is-offered-only-to-signed-in-users', async () => {
    mockApi({ 'GET /api/auth/beta-status': { body: { currentCount: 1, maxCount: 100 } } });
    renderApp('/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Beta Feedback' })).not.toBeInTheDocument();
  });

  it('shows-the-fields-with-the-users-email-and-the-page', async () => {
    mockApi(signedInAs(member));
    const { user } = renderApp('/settings');
    const dialog = await openDialog(user);

    const type = within(dialog).getByRole('combobox', { name: 'Type' });
    expect(type).toHaveFocus();
    expect(type).toHaveTextContent('Select a feedback type');
    await user.click(type);
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bug Report', 'Feature Request', 'Improvement', 'General Feedback', 'Other']);
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('member@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Page' })).toHaveValue('/settings');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('enables-send-only-with-a-type-and-a-message', async () => {
    const api = mockApi(signedInAs(member));
    const { user } = renderApp('/dashboard');
    const dialog = await openDialog(user);
    const send = within(dialog).getByRole('button', { name: 'Send Feedback' });
    expect(send).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Message'), 'Love it');
    expect(send).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Message'));
    await chooseOption(user, within(dialog).getByLabelText('Type'), 'Feature Request');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Message'), '   ');
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Message'), 'Dark mode charts');
    expect(send).toBeEnabled();
    expect(api.callsTo('POST /api/feedback/submit')).toHaveLength(0);
  });

  it('sends-toasts-resets-and-closes', async () => {
    const pending = deferred<MockResponse>();
    const api = mockApi({ ...signedInAs(member), 'POST /api/feedback/submit': () => pending.promise });
    const { user } = renderApp('/dashboard');
    const dialog = await openDialog(user);
    await chooseOption(user, within(dialog).getByLabelText('Type'), 'Bug Report');
    await user.type(within(dialog).getByLabelText('Message'), 'The chart flickers');
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));

    expect(within(dialog).getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    pending.resolve({ body: { success: true, feedbackId: 'f-1', message: 'Feedback received' } });

    expect(await screen.findByText('Feedback sent!')).toBeInTheDocument();
    expect(
      screen.getByText("Thanks for your feedback. We'll review it and get back to you if needed."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Beta Feedback' })).toHaveFocus();

    const [call] = api.callsTo('POST /api/feedback/submit');
    expect(call?.headers.get('x-csrf-token')).toBe(TEST_CSRF_TOKEN);
    expect(call?.body).toMatchObject({
      type: 'bug',
      message: 'The chart flickers',
      email: 'member@example.com',
      page: '/dashboard',
      userAgent: navigator.userAgent,
      browserInfo: {
        language: navigator.language,
        userAgent: navigator.userAgent,
        cookieEnabled: expect.any(Boolean),
        onLine: expect.any(Boolean),
        screen: { width: expect.any(Number), height: expect.any(Number), colorDepth: expect.any(Number) },
        window: { innerWidth: expect.any(Number), innerHeight: expect.any(Number) },
      },
    });

    // Reopened, the form is empty again.
    const again = await openDialog(user);
    expect(within(again).getByLabelText('Type')).toHaveTextContent('Select a feedback type');
    expect(within(again).getByLabelText('Message')).toHaveValue('');
  });

  it('toasts-the-server-message-or-the-default-on-failure-and-stays-open', async () => {
    const api = mockApi({
      ...signedInAs(member),
      'POST /api/feedback/submit': {
        status: 400,
        body: errorBody('VALIDATION_FAILED', 'Feedback must be at most 5000 characters'),
      },
    });
    const { user } = renderApp('/dashboard');
    const dialog = await openDialog(user);
    await chooseOption(user, within(dialog).getByLabelText('Type'), 'General Feedback');
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Feedback must be at most 5000 characters')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send Feedback' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveValue('Hello');

    api.set('POST /api/feedback/submit', { networkError: true });
    await user.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect(await screen.findByText('Failed to send feedback. Please try again.')).toBeInTheDocument();
  });

  it('closes-with-escape-or-cancel-and-keeps-focus-inside-while-open', async () => {
    mockApi(signedInAs(member));
    const { user } = renderApp('/dashboard');
    const trigger = await screen.findByRole('button', { name: 'Beta Feedback' });
    let dialog = await openDialog(user);
    // Modal: everything outside the dialog is hidden from assistive tech while it is open.
    expect(trigger.closest('[aria-hidden="true"]')).not.toBeNull();

    // Tab cycles through the dialog's controls and never leaves it.
    for (let step = 0; step < 10; step += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
