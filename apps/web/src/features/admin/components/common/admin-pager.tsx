import type { AdminPagination } from '@copytrade/contracts';
import { Button } from '@/components/ui/button';
import { formatWholeNumber } from '../traces/trace-labels';

/**
 * Previous / Next under a paged admin list, with 'Page 2 of 4 · 87 users'. `fetching` disables both while the
 * next page is read (the current one stays on screen meanwhile).
 */
export function AdminPager({
  pagination,
  noun,
  onPage,
  fetching,
}: {
  pagination: AdminPagination;
  /** Singular and plural of what is counted: ['user', 'users']. */
  noun: readonly [string, string];
  onPage: (page: number) => void;
  fetching?: boolean;
}) {
  const { page, pages, total } = pagination;
  const last = Math.max(pages, 1);
  return (
    <nav className="admin-pager" aria-label={`${noun[1]} pages`}>
      <p className="muted small" role="status">
        Page {formatWholeNumber(Math.min(page, last))} of {formatWholeNumber(last)} · {formatWholeNumber(total)}{' '}
        {total === 1 ? noun[0] : noun[1]}
      </p>
      <div className="admin-pager__buttons">
        <Button size="sm" variant="outline" onClick={() => onPage(page - 1)} disabled={page <= 1 || fetching}>
          Previous
        </Button>
        <Button size="sm" variant="outline" onClick={() => onPage(page + 1)} disabled={page >= last || fetching}>
          Next
        </Button>
      </div>
    </nav>
  );
}
