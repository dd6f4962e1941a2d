import type { ColumnMap } from '@copytrade/nest';
import type { SubscriptionEntity } from './subscription.entity';

/** The fields of a traces.subscriptions row that plain SQL reads (row-by-row work goes through SubscriptionEntity). */
export type SubscriptionRow = Pick<SubscriptionEntity, 'userId'>;

/**
 * How each field of a SubscriptionRow is read from traces.subscriptions, the one list for the table's plain SQL (the
 * user id as text); `$.` is the table's alias where a query names one.
 */
export const SUBSCRIPTION_COLUMNS: ColumnMap<SubscriptionRow> = {
  userId: '$.user_id::text',
};
