import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Statistics tab (not built yet). */
export function StatisticsTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Statistics" />;
}
