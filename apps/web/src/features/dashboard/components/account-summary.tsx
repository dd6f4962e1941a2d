import type { UserView } from '@copytrade/contracts';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatUsd } from '@/lib/format/money';

/**
 * Account Summary (docs/product.md#dashboard): Beta Access 'Active'; Onboarding 'Complete' or 'In Progress'; Brokerage
 * 'Connected' or 'Not Connected'; Total Trades fixed at 0; Total P&L fixed at $0.
 */
export function AccountSummary({ user, brokerageConnected }: { user: UserView; brokerageConnected: boolean }) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Account Summary</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="details-list" aria-labelledby={titleId}>
          <div className="details-list__row">
            <dt>Beta Access</dt>
            <dd>
              <Badge variant="success">Active</Badge>
            </dd>
          </div>
          <div className="details-list__row">
            <dt>Onboarding</dt>
            <dd>
              <Badge variant={user.hasCompletedOnboarding ? 'success' : 'warning'}>
                {user.hasCompletedOnboarding ? 'Complete' : 'In Progress'}
              </Badge>
            </dd>
          </div>
          <div className="details-list__row">
            <dt>Brokerage</dt>
            <dd>
              <Badge variant={brokerageConnected ? 'success' : 'danger'}>
                {brokerageConnected ? 'Connected' : 'Not Connected'}
              </Badge>
            </dd>
          </div>
          <div className="details-list__row">
            <dt>Total Trades</dt>
            <dd className="tabular">0</dd>
          </div>
          <div className="details-list__row">
            <dt>Total P&amp;L</dt>
            <dd className="tabular">{formatUsd(0, { whole: true })}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
