import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Users tab (not built yet). */
export function UsersTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Users" />;
}
