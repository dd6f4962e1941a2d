import type { UserView } from '@copytrade/contracts';
import { CopyTradingCard } from './copy-trading-card';
import { ProfileCard } from './profile-card';
import { ProviderIntegrationCard } from './provider-integration-card';

/** Settings → Account (seed 000 §2): profile, provider integration, copy trading settings. */
export function AccountSettingsTab({ user, onOpenBrokerage }: { user: UserView; onOpenBrokerage?: () => void }) {
  return (
    <div className="settings-stack">
      <ProfileCard user={user} />
      <ProviderIntegrationCard user={user} onOpenBrokerage={onOpenBrokerage} />
      <CopyTradingCard user={user} />
    </div>
  );
}
