import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError, LoadingRows } from '@/components/ui/data-state';
import { useToastOnLoadError } from '../traces/use-toast-on-load-error';

/**
 * A tab's read in its three states besides the data: skeleton rows while the first answer is awaited; the
 * documented 'Error' toast and an inline error with Retry when it failed (a failed refresh keeps what is shown);
 * `empty` when `isEmpty` says the answer holds nothing.
 */
export function QueryView<T>({
  query,
  loadingLabel,
  errorText,
  fallback,
  toastId,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorText: string;
  /** The documented fallback message of the failing read ('Failed to fetch users'). */
  fallback: string;
  toastId: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useToastOnLoadError({
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    waiting: query.data === undefined || query.isPlaceholderData,
    fallback,
    toastId,
  });

  if (query.isPending) return <LoadingRows label={loadingLabel} count={4} />;
  if (query.data === undefined) {
    return (
      <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {errorText}
      </LoadError>
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}

/** The empty state of a list: a title and a line on what would fill it. */
export function EmptyState({ title, text }: { title: string; text: string }) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{text}</p>
    </div>
  );
}
