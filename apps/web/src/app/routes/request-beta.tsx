import { PublicLayout } from '@/components/layouts/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BetaCodeEntry } from '@/features/beta/components/beta-code-entry';
import { BetaMarketingPanel } from '@/features/beta/components/beta-marketing-panel';
import { BetaRequestForm } from '@/features/beta/components/beta-request-form';

/**
 * `/request-beta` (seed 000 §2): the marketing panel, the beta code request form and the code entry
 * (or the closed-beta-full screen when every seat is taken; requests then join the waiting list).
 */
export function RequestBetaRoute() {
  return (
    <PublicLayout title="Request Beta Access">
      <div className="split">
        <BetaMarketingPanel />
        <div className="split__side">
          <Card className="auth-card" id="request-code" aria-labelledby="request-code-title">
            <CardHeader>
              <CardTitle id="request-code-title">Request a beta code</CardTitle>
              <CardDescription>We&apos;ll e-mail you an 8-digit code if you&apos;re selected.</CardDescription>
            </CardHeader>
            <CardContent>
              <BetaRequestForm />
            </CardContent>
          </Card>
          <BetaCodeEntry waitingListHref="#request-code" />
        </div>
      </div>
    </PublicLayout>
  );
}
