import type { ReactNode } from 'react';
import { Button } from './button';
import { Skeleton } from './skeleton';
import './data-state.css';

/**
 * Skeleton rows shown while a card's data loads, with `label` announced to screen readers. Each row is a
 * full-width bar, or the given `row` (a few skeletons laid out side by side).
 */
export function LoadingRows({ label, count = 2, row }: { label: string; count?: number; row?: ReactNode }) {
  return (
    <div className="row-skeletons" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, index) =>
        row ? (
          <div key={index} className="row-skeletons__row">
            {row}
          </div>
        ) : (
          <Skeleton key={index} width="100%" height={14} />
        ),
      )}
    </div>
  );
}

/**
 * A failed load in place of the content: the message and a Retry button (disabled while `retrying`); without
 * `onRetry` (another Retry on the page re-reads the same data) only the message.
 */
export function LoadError({
  children,
  onRetry,
  retrying,
}: {
  children: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="inline-error" role="alert">
      <span>{children}</span>
      {onRetry ? (
        <Button size="sm" variant="outline" onClick={onRetry} disabled={retrying}>
          Retry
        </Button>
      ) : null}
    </div>
  );
}
