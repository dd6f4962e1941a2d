import { describe, expect, it, vi } from 'vitest';
import { preloadScreens } from './router';

/** Which route modules were imported, recorded by their mocks when first loaded. */
const imported = vi.hoisted(() => new Set<string>());

vi.mock('./routes/app/root', () => {
  imported.add('shell');
  return { AppRoot: () => null };
});
vi.mock('./routes/app/dashboard', () => {
  imported.add('dashboard');
  return { DashboardRoute: () => null };
});
vi.mock('./routes/auth/login', () => {
  imported.add('login');
  return { LoginRoute: () => null };
});

describe('route preloading', () => {
  it('downloads-the-screens-of-a-path-with-their-layout-and-nothing-else', async () => {
    preloadScreens('/dashboard');
    await vi.waitFor(() => expect([...imported].sort()).toEqual(['dashboard', 'shell']));
    expect(imported.has('login')).toBe(false);

    preloadScreens('/login');
    await vi.waitFor(() => expect(imported.has('login')).toBe(true));
  });
});
