import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/**
 * Renders the whole app (real routes, providers and gate) at `path`, against the mocked fetch.
 * With fake timers, pass `{ advanceTimers: vi.advanceTimersByTime }` so user-event keeps pace.
 */
export function renderApp(path: string, { advanceTimers }: { advanceTimers?: (ms: number) => unknown } = {}) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient, location: () => router.state.location };
}
