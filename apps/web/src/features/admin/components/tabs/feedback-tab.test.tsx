import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { asAdmin, buildFeedback, pagination } from '../../testing/admin-fixtures';
import { quiet, setUpAdminTabTests } from '../../testing/admin-test-setup';

setUpAdminTabTests();

const bug = buildFeedback();
const idea = buildFeedback({
  id: 'fb000000-0000-4000-8000-000000000002',
  type: 'feature',
  status: 'in_progress',
  priority: 'low',
  message: 'Dark mode for the terminal, please.',
  page: null,
  userAgent: null,
  user: null,
});
const LIST = 'GET /api/feedback/admin/list';
const listAnswer = (feedback = [bug, idea], total = feedback.length, page = 1) => ({
  body: { success: true, feedback, pagination: pagination(total, page) },
});
const item = (name: string) => screen.findByRole('listitem', { name });

describe('admin panel: Feedback tab', { timeout: 30_000 }, () => {
  it('lists-the-feedback-with-its-fields', async () => {
    const api = mockApi(asAdmin({ [LIST]: listAnswer() }));
    renderApp('/admin?tab=feedback');

    const first = await item('Bug feedback from jordan');
    expect(within(first).getByText('The chart does not load on Safari.')).toBeInTheDocument();
    expect(within(first).getByText('Priority: medium')).toBeInTheDocument();
    expect(within(first).getByText('/dashboard')).toBeInTheDocument();
    expect(within(first).getAllByText(/jordan@example\.com/)).toHaveLength(2);
    expect(within(first).getByText('Mozilla/5.0 (Macintosh) Safari/605.1.15')).toBeInTheDocument();
    expect(within(first).getByText('Nov 21, 2026, 9:15 AM')).toBeInTheDocument();
    expect(within(first).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Open');

    const second = await item('Feature feedback from Deleted account');
    expect(within(second).getByRole('combobox', { name: 'Status' })).toHaveTextContent('In Progress');
    // The first page, every status: no status filter is sent until one is chosen.
    const listed = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => `GET ${url.pathname}` === LIST);
    expect(listed?.searchParams.toString()).toBe('page=1');
    expect(screen.getByText('Page 1 of 1 · 2 feedback')).toBeInTheDocument();
  });

  it('changes-the-status-at-once-and-toasts-the-server-message', async () => {
    const api = mockApi(
      asAdmin({
        [LIST]: listAnswer(),
        'PUT /api/feedback/admin/fb000000-0000-4000-8000-000000000001/status': {
          body: {
            success: true,
            message: 'Feedback status updated successfully',
            feedback: { ...bug, status: 'resolved' },
          },
        },
      }),
    );
    const { user } = renderApp('/admin?tab=feedback');

    const select = within(await item('Bug feedback from jordan')).getByRole('combobox', { name: 'Status' });
    api.set(LIST, listAnswer([{ ...bug, status: 'resolved' }, idea]));
    await chooseOption(user, select, 'Resolved');
    expect(await screen.findByText('Feedback status updated successfully')).toBeInTheDocument();
    expect(screen.getByText('Success')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/feedback/admin/fb000000-0000-4000-8000-000000000001/status')[0]?.body).toEqual({
      status: 'resolved',
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Bug feedback from jordan' })).getByRole('combobox'),
      ).toHaveTextContent('Resolved'),
    );
  });

  it('filters-by-status-and-pages', async () => {
    const api = mockApi(asAdmin({ [LIST]: listAnswer([bug], 30) }));
    const { user } = renderApp('/admin?tab=feedback');

    await item('Bug feedback from jordan');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(api.callsTo(LIST).length).toBe(2));

    api.set(LIST, listAnswer([]));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Show' }), 'Closed');
    expect(await screen.findByText('No feedback is Closed.')).toBeInTheDocument();
  });

  it('shows-the-fallbacks-and-the-servers-refusal', async () => {
    quiet();
    const api = mockApi(asAdmin({ [LIST]: { status: 500 } }));
    const { user } = renderApp('/admin?tab=feedback');

    expect(await screen.findByText('Failed to fetch feedback')).toBeInTheDocument();
    api.set(LIST, listAnswer());
    api.set('PUT /api/feedback/admin/fb000000-0000-4000-8000-000000000001/status', {
      status: 404,
      body: errorBody('FEEDBACK_NOT_FOUND', 'Feedback not found'),
    });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await chooseOption(
      user,
      within(await item('Bug feedback from jordan')).getByRole('combobox', { name: 'Status' }),
      'Closed',
    );
    expect(await screen.findByText('Feedback not found')).toBeInTheDocument();
    // The select goes back to what the server holds.
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Bug feedback from jordan' })).getByRole('combobox'),
      ).toHaveTextContent('Open'),
    );

    api.set('PUT /api/feedback/admin/fb000000-0000-4000-8000-000000000001/status', { status: 500 });
    await chooseOption(
      user,
      within(await item('Bug feedback from jordan')).getByRole('combobox', { name: 'Status' }),
      'Closed',
    );
    expect(await screen.findByText('Failed to update feedback status')).toBeInTheDocument();
  });
});
