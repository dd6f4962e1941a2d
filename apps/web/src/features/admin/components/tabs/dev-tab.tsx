import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Dev Only tab (not built yet). */
export function DevTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Dev Only" />;
}
