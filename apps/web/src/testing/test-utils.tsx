import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/**
 * Renders the whole app (real routes, providers and gate) at `path`, against the mocked fetch.
 * With fake timers, pass `{ advanceTimers: vi.advanceTimersByTime }` so user-event keeps pace.
 */
export function renderApp(path: string, { advanceTimers }: { advanceTimers?: (ms: number) => unknown } = {}) {
  const queryClient = createQueryClient({ queries: { retry: false } });
  const current: { location?: Location; navigationType?: NavigationType } = {};
  function Probe() {
    current.location = useLocation();
    current.navigationType = useNavigationType();
    return null;
  }
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <AppProvider queryClient={queryClient}>
      {/* No transitions: a navigation commits at once, so location() reads the new one right after a click. */}
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    ...view,
    user,
    queryClient,
    location: () => current.location!,
    /** How the last navigation happened: PUSH, REPLACE (a redirect) or POP. */
    navigationType: () => current.navigationType!,
  };
}
