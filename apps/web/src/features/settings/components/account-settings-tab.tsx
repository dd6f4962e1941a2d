import type { UserView } from '@copytrade/contracts';
import type { ReactNode } from 'react';
import { CopyTradingCard } from './copy-trading-card';
import { ProfileCard } from './profile-card';
import { ProviderIntegrationCard } from './provider-integration-card';

/**
 * Settings → Account (docs/product.md): profile, provider integration, copy trading settings (with the copy guards the
 * page composes in).
 */
export function AccountSettingsTab({
  user,
  onOpenBrokerage,
  copyGuards,
}: {
  user: UserView;
  onOpenBrokerage?: () => void;
  copyGuards?: ReactNode;
}) {
  return (
    <div className="settings-stack">
      <ProfileCard user={user} />
      <ProviderIntegrationCard user={user} onOpenBrokerage={onOpenBrokerage} />
      <CopyTradingCard user={user} guards={copyGuards} />
    </div>
  );
}
