import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { startGatewayAlone } from '../support/gateway-alone';

/**
 * The gateway with no service behind it (an outage of all of them): every call that needs a service is a 503, and
 * the log says so once per subject and window at warn, without a stack, instead of an error line per request.
 */
let app: NestExpressApplication;
let agent: ReturnType<typeof request.agent>;
let csrfToken: string;
const warnings: unknown[][] = [];
const errors: unknown[][] = [];

beforeAll(async () => {
  app = await startGatewayAlone();
  agent = request.agent(app.getHttpServer());
  csrfToken = (await agent.get('/api/csrf-token').expect(200)).body.csrfToken;
  // Every error of any part of the gateway; the warnings of the error filter (others warn once of their own).
  jest.spyOn(Logger.prototype, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  jest.spyOn(Logger.prototype, 'warn').mockImplementation(function (this: Logger, ...args: unknown[]) {
    if ((this as unknown as { context?: string }).context === 'HttpErrorFilter') warnings.push(args);
  });
});

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

const post = (path: string, body: object) => agent.post(path).set('x-csrf-token', csrfToken).send(body);

it('twenty requests to each of two services that are down: one warning per subject, no error, no stack', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i += 1) {
    statuses.push((await post('/api/check-username', { username: `outage_${i}` })).status);
    statuses.push((await post('/api/auth/forgot-password', { email: `outage.${i}@example.com` })).status);
  }
  expect(new Set(statuses)).toEqual(new Set([503]));
  expect(errors).toEqual([]);
  const subjects = warnings.map(([fields]) => (fields as { subject?: string }).subject);
  expect(subjects).toHaveLength(2);
  expect(new Set(subjects).size).toBe(2);
  for (const subject of subjects) expect(subject).toMatch(/^rpc\.identity\./);
  for (const [fields] of warnings) expect(JSON.stringify(fields)).not.toMatch(/stack|"err"/);
});
