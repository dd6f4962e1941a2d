import { PublicLayout } from '@/components/layouts/public-layout';
import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** A public screen of seed 000 that is not built yet, outside the signed-in shell. */
export function PublicPlaceholderRoute({ title }: { title: string }) {
  return (
    <PublicLayout>
      <NotBuiltYet title={title} />
    </PublicLayout>
  );
}
