import { serviceDataSourceOptions } from '@copytrade/nest';
import { AccountEntity } from '../modules/accounts/entities/account.entity';
import { ConnectionEntity } from '../modules/connections/entities/connection.entity';
import { ProviderUserEntity } from '../modules/connections/entities/provider-user.entity';
import { OrderIntentEntity } from '../modules/orders/entities/order-intent.entity';
import { OrderResolutionEntity } from '../modules/orders/entities/order-resolution.entity';
import { PaperAccountEntity } from '../modules/paper/entities/paper-account.entity';
import { PaperConnectionEntity } from '../modules/paper/entities/paper-connection.entity';
import { PaperMarketSettingEntity } from '../modules/paper/entities/paper-market-setting.entity';
import { PaperOrderEntity } from '../modules/paper/entities/paper-order.entity';
import { PaperPortalSessionEntity } from '../modules/paper/entities/paper-portal-session.entity';
import { PaperPositionEntity } from '../modules/paper/entities/paper-position.entity';
import { PaperUserEntity } from '../modules/paper/entities/paper-user.entity';
import { BalanceSnapshotEntity } from '../modules/portfolio-history/entities/balance-snapshot.entity';
import { CreateBrokerageSchema1763780300000 } from './migrations/1763780300000-CreateBrokerageSchema';
import { CreateBrokerageTables1795315085101 } from './migrations/1795315085101-CreateBrokerageTables';
import { UnknownOrdersAndSharedRateLimits1795400000000 } from './migrations/1795400000000-UnknownOrdersAndSharedRateLimits';
import { BrokerageMessagingOrdering1795500000000 } from './migrations/1795500000000-BrokerageMessagingOrdering';
import { OrderLifecycle1795600000000 } from './migrations/1795600000000-OrderLifecycle';
import { SnaptradeWebhooks1795700000000 } from './migrations/1795700000000-SnaptradeWebhooks';
import { OrderDispatchQueue1795800000000 } from './migrations/1795800000000-OrderDispatchQueue';
import { ProviderUserDeletions1796300000000 } from './migrations/1796300000000-ProviderUserDeletions';
import { LimitOrders1796400000000 } from './migrations/1796400000000-LimitOrders';
import { OrderExecutionTime1796950000000 } from './migrations/1796950000000-OrderExecutionTime';

export const BROKERAGE_SCHEMA = 'brokerage';

export const BROKERAGE_ENTITIES = [
  ProviderUserEntity,
  ConnectionEntity,
  AccountEntity,
  OrderIntentEntity,
  OrderResolutionEntity,
  BalanceSnapshotEntity,
  PaperUserEntity,
  PaperPortalSessionEntity,
  PaperConnectionEntity,
  PaperAccountEntity,
  PaperPositionEntity,
  PaperOrderEntity,
  PaperMarketSettingEntity,
];

export function brokerageDataSourceOptions(databaseUrl: string) {
  return {
    ...serviceDataSourceOptions({
      url: databaseUrl,
      schema: BROKERAGE_SCHEMA,
      entities: BROKERAGE_ENTITIES,
      migrations: [
        CreateBrokerageSchema1763780300000,
        CreateBrokerageTables1795315085101,
        UnknownOrdersAndSharedRateLimits1795400000000,
        BrokerageMessagingOrdering1795500000000,
        OrderLifecycle1795600000000,
        SnaptradeWebhooks1795700000000,
        OrderDispatchQueue1795800000000,
        ProviderUserDeletions1796300000000,
        LimitOrders1796400000000,
        OrderExecutionTime1796950000000,
      ],
    }),
    url: databaseUrl,
    schema: BROKERAGE_SCHEMA,
  };
}
