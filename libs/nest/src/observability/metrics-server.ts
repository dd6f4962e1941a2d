import { createServer, type Server } from 'node:http';
import { register } from 'prom-client';

/**
 * `/metrics` on a port of its own, for a process whose HTTP port is public (the gateway): the scrape port is
 * reachable inside the cluster only, never through the ingress. Does not keep the process alive.
 */
export function serveMetrics(port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    register.metrics().then(
      (text) =>
        response.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.unref();
      resolve(server);
    });
  });
}
