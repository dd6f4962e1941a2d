import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthCard } from '@/components/ui/auth-card';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useBetaAvailability } from '../api/get-beta-status';
import { BetaCodeEntryForm } from './beta-code-entry-form';
import { ClosedBetaFull } from './closed-beta-full';

/**
 * The beta code entry card with its states: loading (the seat count is read first), the form, or the
 * closed-beta-full screen. A verified code leads to sign in (existing account) or to signup
 * (docs/product.md#beta-code-pages).
 */
export function BetaCodeEntry({ waitingListHref }: { waitingListHref?: string }) {
  const availability = useBetaAvailability();
  const [refused, setRefused] = useState(false);
  const navigate = useNavigate();

  if (availability.isLoading) {
    return (
      <Card className="auth-card" aria-busy="true">
        <CardContent className="beta-entry__loading">
          <span className="sr-only" role="status">
            Checking beta availability...
          </span>
          <Skeleton width="60%" height={16} />
          <Skeleton width="100%" height={36} />
          <Skeleton width="100%" height={36} />
          <Skeleton width="100%" height={38} />
        </CardContent>
      </Card>
    );
  }

  if (availability.isFull || refused) {
    return (
      <Card className="auth-card">
        <CardContent>
          <ClosedBetaFull
            countKnown={availability.known}
            currentCount={availability.currentCount}
            maxCount={availability.maxCount}
            waitingListHref={waitingListHref}
          />
        </CardContent>
      </Card>
    );
  }

  return (
    <AuthCard
      titleId="beta-entry-title"
      title="Enter your beta code"
      description="Use the e-mail address your code was sent to."
    >
      <BetaCodeEntryForm
        onBetaFull={() => setRefused(true)}
        onVerified={({ email, userExists, message }) =>
          navigate(userExists ? paths.auth.login.getHref(email) : paths.auth.betaSignup.getHref(email), {
            state: { notice: message },
          })
        }
      />
      {/* A failed status read still shows the line, with a maximum of 100 (docs/product.md#beta-code-pages). */}
      <p className="beta-entry__seats muted small">
        {Math.max(availability.maxCount - availability.currentCount, 0)} of {availability.maxCount} beta spots left
      </p>
    </AuthCard>
  );
}
