import { randomUUID } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpServerMetrics } from '@copytrade/nest';
import request from 'supertest';
import { startGatewayAlone } from '../support/gateway-alone';

/**
 * The gateway's RED metrics through its real routing: the route label is the template the request matched, never the
 * path it asked for; paths no route claims (the API's catch-all 404, anything else) all share `unmatched`.
 */
let app: NestExpressApplication;

beforeAll(async () => {
  app = await startGatewayAlone();
});

afterAll(async () => {
  await app?.close();
});

async function counted(): Promise<Array<{ labels: Record<string, string | number>; value: number }>> {
  return (await httpServerMetrics().requests.get()).values;
}

const countOf = async (labels: Record<string, string>) =>
  (await counted())
    .filter((v) => Object.entries(labels).every(([key, value]) => String(v.labels[key]) === value))
    .reduce((sum, v) => sum + v.value, 0);

it('labels a request with its route template, whatever the ids in its path', async () => {
  const before = await countOf({ method: 'GET', route: '/api/traces/:id' });
  const statuses = new Set<number>();
  for (let i = 0; i < 3; i += 1)
    statuses.add((await request(app.getHttpServer()).get(`/api/traces/${randomUUID()}`)).status);
  expect(await countOf({ method: 'GET', route: '/api/traces/:id' })).toBe(before + 3);
  // The status is its own label (the traces service is down here: a 503), and the histogram times the same requests.
  for (const status of statuses)
    expect(await countOf({ route: '/api/traces/:id', status_code: String(status) })).toBeGreaterThan(0);
  const { values } = await httpServerMetrics().duration.get();
  const timed = values.filter((v) => v.labels.route === '/api/traces/:id' && v.metricName?.endsWith('_count'));
  expect(timed.reduce((sum, v) => sum + v.value, 0)).toBeGreaterThanOrEqual(3);
});

it('labels every unknown path `unmatched`: made-up paths never add a series', async () => {
  const before = await countOf({ route: 'unmatched' });
  const seriesBefore = (await counted()).length;
  await request(app.getHttpServer()).get(`/api/no-such-route/${randomUUID()}`).expect(404);
  await request(app.getHttpServer()).get(`/api/${randomUUID()}`).expect(404);
  await request(app.getHttpServer()).get(`/somewhere-else/${randomUUID()}`);
  expect(await countOf({ route: 'unmatched' })).toBe(before + 3);
  for (const { labels } of await counted()) {
    expect(String(labels.route)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(String(labels.route)).not.toContain('*');
  }
  // The series the three requests may add are bounded by (method, status) under `unmatched`, never by path.
  expect((await counted()).length - seriesBefore).toBeLessThanOrEqual(2);
});

it('counts a request with a method outside the known set under OTHER', async () => {
  const before = await countOf({ method: 'OTHER' });
  await request(app.getHttpServer()).search('/api/traces');
  expect(await countOf({ method: 'OTHER' })).toBe(before + 1);
});
