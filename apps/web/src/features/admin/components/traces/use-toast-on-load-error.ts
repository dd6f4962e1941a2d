import { useEffect } from 'react';
import { toastAdminError } from '../admin-toasts';

/**
 * A failed read the admin is waiting for (the first load, or 'Load more') shows the 'Error' toast once per
 * failure; a failed background refresh stays quiet (the data shown is kept).
 */
export function useToastOnLoadError({
  error,
  errorUpdatedAt,
  waiting,
  fallback,
  toastId,
}: {
  error: unknown;
  errorUpdatedAt: number;
  waiting: boolean;
  fallback: string;
  toastId: string;
}) {
  useEffect(() => {
    if (error && waiting) toastAdminError(error, fallback, { id: toastId });
    // One toast per failure: errorUpdatedAt changes with each new failure.
  }, [errorUpdatedAt]);
}
