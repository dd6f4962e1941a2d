import type { AdminUserView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAdminUsers } from '../../api/admin-users';
import { AdminFallbacks } from '../admin-toasts';
import { EmptyState, QueryView } from '../common/query-view';

/** Find a user by username, e-mail or name (the Users list's search) and pick one to see in detail. */
export function UserPicker({
  userId,
  selectedId,
  onSelect,
}: {
  userId: string;
  selectedId: string | null;
  onSelect: (user: AdminUserView) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const query = useAdminUsers(userId, { page: 1, search: debounced });
  return (
    <div className="admin-picker">
      <div className="admin-filters__field admin-filters__field--wide">
        <Label htmlFor={id}>Find a user</Label>
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder="Username, email or name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      <QueryView
        query={query}
        loadingLabel="Loading users…"
        errorText="Couldn't load the users."
        fallback={AdminFallbacks.fetchUsers}
        toastId="admin-user-picker-load"
        isEmpty={(data) => data.users.length === 0}
        empty={<EmptyState title="No users found" text="Try another username, email or name." />}
      >
        {(data) => (
          <ul className="admin-picker__list" aria-label="Matching users">
            {data.users.map((user) => (
              <li key={user.id}>
                <Button
                  size="sm"
                  variant={user.id === selectedId ? 'secondary' : 'ghost'}
                  className="admin-picker__user"
                  aria-pressed={user.id === selectedId}
                  onClick={() => onSelect(user)}
                >
                  <span className="admin-strong">{user.username}</span>
                  <span className="muted small">{user.email}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
