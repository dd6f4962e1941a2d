import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Settings → Brokerage (seed 000 §2). Placeholder: the brokerage feature (registration with the provider,
 * supported brokers, connections and trading accounts) is built in a later issue.
 */
export function BrokerageSettingsTab() {
  return (
    <Card aria-labelledby="brokerage-tab-title">
      <CardHeader>
        <CardTitle id="brokerage-tab-title">Brokerage</CardTitle>
        <CardDescription>Link a brokerage account through SnapTrade.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="page__note">This screen is not built yet.</p>
      </CardContent>
    </Card>
  );
}
