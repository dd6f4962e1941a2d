import 'reflect-metadata';
import { createServiceApp, loadConfig } from '@copytrade/nest';
import { IdentityAppModule } from './app.module';
import { IdentityConfig } from './config/identity.config';

const config = loadConfig(IdentityConfig);
void createServiceApp(IdentityAppModule.register(config), {
  service: 'identity',
  natsUrl: config.natsAddress,
  healthPort: config.HEALTH_PORT,
});
