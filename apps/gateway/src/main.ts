import 'reflect-metadata';
import { loadConfig } from '@copytrade/nest';
import { GatewayConfig } from './config/gateway.config';
import { createGatewayApp } from './create-gateway-app';

async function main() {
  const config = loadConfig(GatewayConfig);
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, '0.0.0.0');
}

void main();
