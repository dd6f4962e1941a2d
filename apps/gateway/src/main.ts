import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { initMetrics, loadConfig, serveMetrics } from '@copytrade/nest';
import { GatewayConfig } from './config/gateway.config';
import { createGatewayApp } from './create-gateway-app';

async function main() {
  const config = loadConfig(GatewayConfig);
  initMetrics('gateway');
  const app = await createGatewayApp(config);
  await app.listen(config.PORT, '0.0.0.0');
  // Not on PORT, which the ingress publishes: scraped inside the cluster only. A busy port costs the metrics,
  // never the gateway.
  await serveMetrics(config.METRICS_PORT).catch((error: unknown) =>
    new Logger('Metrics').warn(`No /metrics on port ${config.METRICS_PORT}: ${String(error)}`),
  );
}

void main();
