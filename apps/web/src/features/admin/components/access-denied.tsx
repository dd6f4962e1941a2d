import { Messages } from '@copytrade/contracts/rules';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LockIcon } from '@/components/ui/icons';

/** What a signed-in non-admin sees on /admin (see docs/product.md#admin-panel). */
export function AccessDenied() {
  return (
    <Card className="access-denied" aria-labelledby="access-denied-title">
      <CardHeader>
        <LockIcon size={28} className="access-denied__icon" />
        <CardTitle as="h1" id="access-denied-title">
          Access Denied
        </CardTitle>
        <CardDescription>{Messages.adminOnly}</CardDescription>
      </CardHeader>
    </Card>
  );
}
