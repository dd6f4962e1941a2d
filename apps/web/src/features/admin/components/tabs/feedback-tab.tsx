import { TabNotBuilt } from '../tab-not-built';
import type { AdminTabProps } from '../admin-tab-props';

/** Seed 001 §2.10: the Feedback tab (not built yet). */
export function FeedbackTab(_props: AdminTabProps) {
  return <TabNotBuilt title="Feedback" />;
}
