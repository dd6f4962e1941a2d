import 'reflect-metadata';
import { createServiceApp, loadConfig } from '@copytrade/nest';
import { CopyEngineAppModule } from './app.module';
import { CopyEngineConfig } from './config/copy-engine.config';

const config = loadConfig(CopyEngineConfig);
void createServiceApp(CopyEngineAppModule.register(config), {
  service: 'copy-engine',
  natsUrl: config.natsAddress,
  healthPort: config.HEALTH_PORT,
});
