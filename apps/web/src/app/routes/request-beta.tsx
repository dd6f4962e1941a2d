import { PublicLayout } from '@/components/layouts/public-layout';
import { AuthCard } from '@/components/ui/auth-card';
import { BetaCodeEntry } from '@/features/beta/components/beta-code-entry';
import { BetaMarketingPanel } from '@/features/beta/components/beta-marketing-panel';
import { BetaRequestForm } from '@/features/beta/components/beta-request-form';

/**
 * `/request-beta` (docs/product.md#beta-code-pages): the marketing panel, the beta code request form and the code entry
 * (or the closed-beta-full screen when every seat is taken; requests then join the waiting list).
 */
export function RequestBetaRoute() {
  return (
    <PublicLayout title="Request Beta Access">
      <div className="split">
        <BetaMarketingPanel />
        <div className="split__side">
          <AuthCard
            id="request-code"
            titleId="request-code-title"
            title="Request a beta code"
            description="We'll e-mail you an 8-digit code if you're selected."
          >
            <BetaRequestForm />
          </AuthCard>
          <BetaCodeEntry waitingListHref="#request-code" />
        </div>
      </div>
    </PublicLayout>
  );
}
