import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the SnapTrade Users tab (not built yet). */
export function SnapTradeUsersTab(_props: AdminTabProps) {
  return <TabNotBuilt title="SnapTrade Users" />;
}
