import type { AdminUserView } from '@copytrade/contracts';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeleteSnaptradeUser, useUserConnections } from '../../api/admin-brokerage';
import { ConfirmDialog } from '../common/confirm-dialog';
import { formatDateTime, fullName } from '../common/format';

/**
 * The Info sub-tab: the Admin user's fields (docs/product.md#entities-and-fields) and, from the brokerage, whether a
 * provider registration exists; 'Delete SnapTrade user' removes that registration after a confirmation.
 */
export function UserInfo({ userId, user }: { userId: string; user: AdminUserView }) {
  const connections = useUserConnections(userId, user.id);
  const remove = useDeleteSnaptradeUser();
  const [confirming, setConfirming] = useState(false);
  // The brokerage's answer once it came (it follows a deletion); the users list's value until then.
  const snaptradeUserId = connections.data ? connections.data.snaptradeUserId : user.snaptradeUserId;

  const facts: [string, string][] = [
    ['Username', user.username],
    ['Name', fullName(user.firstName, user.lastName) ?? '—'],
    ['Email', user.email],
    ['User id', user.id],
    ['Joined', formatDateTime(user.createdAt)],
    ['SnapTrade user id', snaptradeUserId ?? 'Not registered'],
  ];
  return (
    <div className="admin-section">
      <dl className="admin-trace__facts admin-user-info">
        {facts.map(([label, value]) => (
          <div key={label} className="admin-trace__fact admin-trace__fact--owner">
            <dt>{label}</dt>
            <dd className={label.endsWith('id') ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
        <div className="admin-trace__fact admin-trace__fact--owner">
          <dt>Status</dt>
          <dd className="admin-actions">
            {user.isAdmin ? <Badge variant="new">Admin</Badge> : <Badge variant="muted">User</Badge>}
            {user.brokerageConnected ? (
              <Badge variant="success">Brokerage connected</Badge>
            ) : (
              <Badge variant="muted">No brokerage</Badge>
            )}
          </dd>
        </div>
      </dl>
      {snaptradeUserId ? (
        <div>
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            Delete SnapTrade user
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          snaptradeUserId &&
          remove.mutate({ userId, snaptradeUserId, targetUserId: user.id }, { onSettled: () => setConfirming(false) })
        }
        pending={remove.isPending}
        title="Delete SnapTrade User"
        description={`Delete ${user.username}'s registration at the provider (${snaptradeUserId ?? ''})? Every brokerage connection of theirs goes with it; they must register and connect again.`}
        confirmLabel="Delete SnapTrade user"
        pendingLabel="Deleting…"
      />
    </div>
  );
}
