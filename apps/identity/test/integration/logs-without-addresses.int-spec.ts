import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { IdentityBetaRpc, IdentityPasswordResetRpc } from '@copytrade/contracts';
import { DEV_DEMO_USER } from '../../src/config/identity.config';
import { useIdentityService } from '../support/identity-under-test';

/**
 * What identity logs about a request for a beta code, its verification and a password reset names the request, not
 * the address it was for (docs/security.md, "What logs never hold").
 */
const identity = useIdentityService('identity_logs_without_addresses');

const call = (pattern: string, payload: object) =>
  identity.rpc
    .request(pattern, payload, { requestId: randomUUID(), clientAddress: '10.0.0.9' }, 5_000)
    .catch((error: unknown) => error);

it('beta codes and password resets are logged without the e-mail address', async () => {
  const email = `logged.${randomUUID()}@example.com`;
  const logged: unknown[][] = [];
  const spies = (['log', 'warn', 'error', 'debug'] as const).map((level) =>
    jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, ...args: unknown[]) {
      logged.push(args);
    }),
  );
  try {
    await call(IdentityBetaRpc.sendCode, { email });
    await call(IdentityBetaRpc.verifyCode, { email, betaCode: '00000000' });
    await call(IdentityPasswordResetRpc.request, { email: DEV_DEMO_USER.email });
    // The reset's link is issued after the answer: give its log lines time to be written.
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  const text = JSON.stringify(logged);
  expect(text).toContain('Beta code requested');
  expect(text).toContain('Beta code verification');
  expect(text).not.toContain(email);
  expect(text).not.toContain(DEV_DEMO_USER.email);
});
