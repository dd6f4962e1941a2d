import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the All Connections tab (not built yet). */
export function AllConnectionsTab(_props: AdminTabProps) {
  return <TabNotBuilt title="All Connections" />;
}
