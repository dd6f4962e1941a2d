import { useSearchParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { TitledCard } from '@/components/ui/card';
import { UnsubscribePanel } from '@/features/notifications/components/unsubscribe-panel';

/** `/unsubscribe?token=…` (docs/product.md#notifications): an e-mail's unsubscribe link, signed in or not. */
export function UnsubscribeRoute() {
  const [searchParams] = useSearchParams();
  return (
    <PublicLayout title="Unsubscribe">
      {/* The auth pages' narrow card, without the form code AuthCard's chunk carries. */}
      <TitledCard
        className="auth-card"
        titleId="unsubscribe-title"
        titleAs="h1"
        title="Unsubscribe"
        description="Stop one kind of e-mail."
      >
        <UnsubscribePanel token={searchParams.get('token') ?? ''} />
      </TitledCard>
    </PublicLayout>
  );
}
