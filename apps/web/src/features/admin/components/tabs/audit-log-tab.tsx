import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Audit Log tab (not built yet). */
export function AuditLogTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Audit Log" />;
}
