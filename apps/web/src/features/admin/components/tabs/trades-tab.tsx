import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Trades tab (not built yet). */
export function TradesTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Trades" />;
}
