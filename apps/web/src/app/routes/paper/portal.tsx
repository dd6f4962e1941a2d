import { useParams } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PaperPortal } from '@/features/paper-broker/components/paper-portal';

/**
 * `/paper/portal/:sessionId`: the paper broker's connection portal, opened in the connect popup. Outside the
 * signed-in shell and the maintenance gate (it must work in the popup whatever the product shows).
 */
export function PaperPortalRoute() {
  const { sessionId = '' } = useParams();
  return (
    <PublicLayout title="Connect your brokerage">
      <PaperPortal key={sessionId} sessionId={sessionId} />
    </PublicLayout>
  );
}
