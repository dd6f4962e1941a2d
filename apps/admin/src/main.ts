import 'reflect-metadata';
import { createServiceApp, loadConfig } from '@copytrade/nest';
import { AdminAppModule } from './app.module';
import { AdminConfig } from './config/admin.config';

const config = loadConfig(AdminConfig);
void createServiceApp(AdminAppModule.register(config), {
  service: 'admin',
  natsUrl: config.natsAddress,
  healthPort: config.HEALTH_PORT,
});
