import { PublicLayout } from '@/components/layouts/public-layout';
import { PAPER_TRADING_TITLE, PaperTrading } from '@/features/paper-broker/components/paper-trading';
import { useSession } from '@/lib/auth';

/** `/paper/trade` (signed in): the paper brokerage's own small trading page, outside the product's screens. */
export function PaperTradeRoute() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <PublicLayout title={PAPER_TRADING_TITLE}>
      <PaperTrading user={user} />
    </PublicLayout>
  );
}
