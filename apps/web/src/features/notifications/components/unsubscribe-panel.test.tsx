import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const UNSUBSCRIBE = 'POST /api/notifications/unsubscribe';

vi.setConfig({ testTimeout: 15_000 });

beforeAll(async () => {
  await import('@/app/routes/unsubscribe');
}, 60_000);

describe('/unsubscribe', () => {
  it('signed out: explains what it stops, POSTs the token on the button and shows the answer', async () => {
    const api = mockApi({
      [UNSUBSCRIBE]: {
        body: { success: true, topic: 'trade_shared', message: 'You will no longer get e-mails about shared trades.' },
      },
    });
    const { user: actor } = renderApp('/unsubscribe?token=abc.def-1');
    expect(await screen.findByRole('heading', { name: 'Unsubscribe' })).toBeInTheDocument();
    expect(screen.getByText(/stops the kind of e-mail this link came with/)).toBeInTheDocument();
    // Nothing is sent before the button (a mail scanner opening the link changes nothing).
    expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(0);
    await actor.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer get e-mails about shared trades.')).toBeInTheDocument();
    const sent = api.fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('unsubscribe'));
    expect(sent).toEqual(['/api/notifications/unsubscribe?token=abc.def-1']);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a bad link, and a general error for an outage', async () => {
    const api = mockApi({
      [UNSUBSCRIBE]: { status: 400, body: errorBody('VALIDATION_FAILED', 'This unsubscribe link is not valid.') },
    });
    const { user: actor } = renderApp('/unsubscribe?token=forged');
    await actor.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    api.set(UNSUBSCRIBE, { status: 503, body: errorBody('SERVICE_UNAVAILABLE', 'identity is down') });
    await actor.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.'));
  });

  it('a link without a token says so and offers no button', async () => {
    const api = mockApi();
    renderApp('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(api.callsTo(UNSUBSCRIBE)).toHaveLength(0);
  });
});
