import 'reflect-metadata';
import { createServiceApp, loadConfig } from '@copytrade/nest';
import { BrokerageAppModule } from './app.module';
import { BrokerageConfig } from './config/brokerage.config';

const config = loadConfig(BrokerageConfig);
void createServiceApp(BrokerageAppModule.register(config), {
  service: 'brokerage',
  natsUrl: config.natsAddress,
  healthPort: config.HEALTH_PORT,
});
