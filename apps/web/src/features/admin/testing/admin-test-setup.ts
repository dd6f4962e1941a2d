import { configure } from '@testing-library/react';
import { beforeAll, beforeEach, vi } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';

/**
 * The admin tab tests' shared setup: the admin route's chunk imported once up front and a longer wait (the first
 * render of a lazy tab on a busy machine can take more than 5 s), and ResizeObserver for Radix.
 */
export function setUpAdminTabTests(): void {
  configure({ asyncUtilTimeout: 12_000 });
  beforeAll(async () => {
    await import('@/app/routes/app/admin');
  }, 60_000);
  beforeEach(() => stubResizeObserver());
}

/** Silences the console.error an 'Error' toast logs. */
export const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {});

/** The table row holding a cell whose text is exactly `text`. */
export async function rowWith(text: string): Promise<HTMLElement> {
  const { screen } = await import('@testing-library/react');
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No row holds ${text}`);
  return row;
}
