import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the User Details tab (not built yet). */
export function UserDetailsTab(_props: AdminTabProps) {
  return <TabNotBuilt title="User Details" />;
}
