import { PublicLayout } from '@/components/layouts/public-layout';
import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** A documented public screen that is not built yet, outside the signed-in shell. */
export function PublicPlaceholderRoute({ title }: { title: string }) {
  return (
    <PublicLayout>
      <NotBuiltYet title={title} />
    </PublicLayout>
  );
}
