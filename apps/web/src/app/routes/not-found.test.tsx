import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

describe('not-found page', () => {
  it('shows-oops-with-a-link-home-for-unknown-paths', async () => {
    mockApi();
    const { user, location } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Return to Home' });
    expect(home).toHaveAttribute('href', '/');

    await user.click(home);
    expect(location().pathname).toBe('/');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('renders-public-screens-that-are-not-built-yet-honestly', async () => {
    mockApi();
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByText('This screen is not built yet.')).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).not.toBeInTheDocument();
  });
});
