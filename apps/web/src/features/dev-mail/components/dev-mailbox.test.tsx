import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const MAILS = [
  {
    to: 'new@example.com',
    subject: 'Your CopyTrade beta code',
    text: 'Welcome!\n\nYour beta code: 12345678\n\nEnter it at http://localhost:3000/request-beta within 30 minutes.',
    sentAt: '2026-01-02T10:00:00.000Z',
  },
  {
    to: 'new@example.com',
    subject: 'Reset your CopyTrade password',
    text: 'Choose a new password here:\nhttp://localhost:3000/auth/reset-password?token=abc123\n',
    sentAt: '2026-01-02T11:00:00.000Z',
  },
];

describe('dev mailbox', () => {
  it('lists-the-mail-for-an-address-newest-first-with-links-into-the-app', async () => {
    const api = mockApi({ 'GET /api/dev/mail': { body: { success: true, mails: MAILS } } });
    const { user, location } = renderApp('/dev/mail?to=new%40example.com');
    expect(await screen.findByRole('heading', { name: 'Dev Mailbox', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Mail, newest first' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Reset your CopyTrade password',
      'Your CopyTrade beta code',
    ]);
    expect(items[1]).toHaveTextContent('Your beta code: 12345678');
    expect(items[0]).toHaveTextContent('To new@example.com');
    expect(api.calls.find((call) => call.path === '/api/dev/mail')).toBeDefined();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url) === '/api/dev/mail?to=new%40example.com')).toBe(true);

    const reset = within(items[0]!).getByRole('link', {
      name: 'http://localhost:3000/auth/reset-password?token=abc123',
    });
    expect(reset).toHaveAttribute('href', '/auth/reset-password?token=abc123');
    await user.click(reset);
    expect(location().pathname).toBe('/auth/reset-password');
    expect(await screen.findByLabelText('New Password')).toBeInTheDocument();
  });

  it('changes-the-address-from-the-field', async () => {
    mockApi({ 'GET /api/dev/mail': { body: { success: true, mails: [] } } });
    const { user, location } = renderApp('/dev/mail');
    expect(await screen.findByText('Nothing has been sent yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Show Mail' }));
    expect(location().search).toBe('?to=someone%40example.com');
    expect(await screen.findByText('Nothing has been sent to someone@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText('Address')).toHaveValue('someone@example.com');
  });

  it('says-the-mailbox-does-not-exist-in-production', async () => {
    mockApi({ 'GET /api/dev/mail': { status: 404, body: errorBody('NOT_FOUND', 'Route not found') } });
    renderApp('/dev/mail?to=a%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('The development mailbox does not exist in production.');
  });

  it('offers-a-retry-when-loading-fails', async () => {
    const api = mockApi({
      'GET /api/dev/mail': {
        status: 503,
        body: errorBody('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again.'),
      },
    });
    const { user } = renderApp('/dev/mail?to=a%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load the mailbox");
    api.set('GET /api/dev/mail', { body: { success: true, mails: MAILS } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Mail, newest first' })).toBeInTheDocument();
  });
});
