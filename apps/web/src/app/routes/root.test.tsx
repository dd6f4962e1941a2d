import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/testing/data';
import { mockApi, signedInAs } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

vi.mock('@/features/dashboard/components/dashboard', () => ({
  Dashboard: () => {
    throw new Error('the dashboard broke');
  },
}));

describe('route error boundary', () => {
  it('shows-something-went-wrong-when-a-screen-throws-and-recovers-on-another-page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi(signedInAs(buildUser()));
    const { user, location } = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
