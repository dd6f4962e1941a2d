import type { UserView } from '@copytrade/contracts';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EyeIcon, EyeOffIcon, LinkIcon } from '@/components/ui/icons';

const MASK = '••••••••••••••••';

/** Registered with the provider when both the id and the secret exist (docs/product.md#settings). */
export const isProviderRegistered = (user: UserView): boolean =>
  Boolean(user.snaptradeUserId && user.snaptradeUserSecret);

/**
 * The provider integration block of Settings → Account (docs/product.md#settings): the provider user id, the secret
 * masked (show/hide), and the connected account ids, the first labelled 'Primary'. Not registered: an
 * empty state that points to the Brokerage tab.
 */
export function ProviderIntegrationCard({ user, onOpenBrokerage }: { user: UserView; onOpenBrokerage?: () => void }) {
  const id = useId();
  const [showSecret, setShowSecret] = useState(false);
  const registered = isProviderRegistered(user);
  const accountIds = user.snaptradeAccountIds ?? [];

  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <div className="card__header-row">
          <CardTitle id={`${id}-title`}>SnapTrade Integration</CardTitle>
          <Badge variant={registered ? 'success' : 'warning'}>
            {registered ? 'SnapTrade Registered' : 'Registration Required'}
          </Badge>
        </div>
        <CardDescription>The brokerage link that copy trading and your portfolio data use.</CardDescription>
      </CardHeader>
      <CardContent>
        {!registered ? (
          <div className="empty-state">
            <LinkIcon size={22} className="empty-state__icon" />
            <p className="empty-state__title">Registration Required</p>
            <p className="empty-state__text">
              You are not registered with SnapTrade yet. Register and connect a brokerage from the Brokerage tab.
            </p>
            {onOpenBrokerage ? (
              <Button variant="primary" size="sm" onClick={onOpenBrokerage}>
                Go to Brokerage
              </Button>
            ) : null}
          </div>
        ) : (
          <dl className="details-list details-list--stacked">
            <div className="details-list__row">
              <dt>User ID</dt>
              <dd className="mono">{user.snaptradeUserId}</dd>
            </div>
            <div className="details-list__row">
              <dt>User Secret</dt>
              <dd className="secret">
                <span className="mono" data-testid="provider-secret">
                  {showSecret ? user.snaptradeUserSecret : <span aria-label="Hidden">{MASK}</span>}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={showSecret ? 'Hide secret' : 'Show secret'}
                  aria-pressed={showSecret}
                  onClick={() => setShowSecret((value) => !value)}
                >
                  {showSecret ? <EyeOffIcon /> : <EyeIcon />}
                </Button>
              </dd>
            </div>
            <div className="details-list__row details-list__row--top">
              <dt>Connected Accounts</dt>
              <dd>
                {accountIds.length === 0 ? (
                  <span className="muted">No brokerage accounts connected yet.</span>
                ) : (
                  <ul className="account-ids" aria-label="Connected account ids">
                    {accountIds.map((accountId, index) => (
                      <li key={accountId}>
                        <span className="mono">{accountId}</span>
                        {index === 0 ? <Badge variant="new">Primary</Badge> : null}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          </dl>
        )}
        {/* Outside the <dl>: a definition list may hold only its rows. */}
        {registered && accountIds.length > 0 ? (
          <p className="muted small details-list__note">
            The Primary account is used for copy trading and position fetching.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
