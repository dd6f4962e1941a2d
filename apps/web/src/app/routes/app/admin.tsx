import { lazy } from 'react';
import { loadCopyTradeDialog } from '@/app/copy-dialog-loaders';
import { AccessDenied } from '@/features/admin/components/access-denied';
import { AdminPanelHeader } from '@/features/admin/components/admin-panel-header';
import { AdminTabs } from '@/features/admin/components/admin-tabs';
import { BetaLaunchModeCard } from '@/features/maintenance/components/beta-launch-mode-card';
import { useSession } from '@/lib/auth';

// The copy dialog is its own chunk (shared with the trace page and the terminal), loaded at the Dev tab's first demo.
const CopyTradeDialog = lazy(loadCopyTradeDialog);

/**
 * `/admin` (docs/product.md#admin-panel). The route is protected but has no role check of its own; the
 * panel shows non-admins an access-denied card. The server enforces admin rights on every admin call.
 */
export function AdminRoute() {
  const { user } = useSession();
  if (!user?.isAdmin) {
    return (
      <div className="page page--narrow">
        <title>Access Denied · CopyTrade</title>
        <AccessDenied />
      </div>
    );
  }
  return (
    <div className="page">
      <AdminPanelHeader />
      <div className="page__grid">
        <BetaLaunchModeCard />
      </div>
      <AdminTabs userId={user.id} copyTradeDialog={CopyTradeDialog} />
    </div>
  );
}
