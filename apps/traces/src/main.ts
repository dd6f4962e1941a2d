import 'reflect-metadata';
import { createServiceApp, loadConfig } from '@copytrade/nest';
import { TracesAppModule } from './app.module';
import { TracesConfig } from './config/traces.config';

const config = loadConfig(TracesConfig);
void createServiceApp(TracesAppModule.register(config), {
  service: 'traces',
  natsUrl: config.natsAddress,
  healthPort: config.HEALTH_PORT,
});
