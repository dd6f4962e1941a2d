import { Messages } from '@copytrade/contracts';
import type { RateLimitPolicy } from './rate-limit';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const tooMany = Messages.tooManyRequests;

/** Every public, costly or abusable call's limits in one place (ASVS 2.4.1, 6.3.1). */
export const RateLimitPolicies = {
  sendBetaCodePerEmail: { name: 'beta-send:email', points: 3, durationSeconds: 15 * MINUTE, message: tooMany },
  sendBetaCodePerAddress: { name: 'beta-send:address', points: 10, durationSeconds: 15 * MINUTE, message: tooMany },
  verifyBetaCodePerEmail: { name: 'beta-verify:email', points: 10, durationSeconds: 15 * MINUTE, message: tooMany },
  verifyBetaCodePerAddress: { name: 'beta-verify:address', points: 20, durationSeconds: 15 * MINUTE, message: tooMany },
  forgotPasswordPerEmail: { name: 'forgot-password:email', points: 3, durationSeconds: HOUR, message: tooMany },
  forgotPasswordPerAddress: { name: 'forgot-password:address', points: 10, durationSeconds: HOUR, message: tooMany },
  resetPasswordPerAddress: {
    name: 'reset-password:address',
    points: 10,
    durationSeconds: 15 * MINUTE,
    message: tooMany,
  },
  availabilityPerAddress: { name: 'availability:address', points: 60, durationSeconds: MINUTE, message: tooMany },
  debugLogPerUser: { name: 'debug-log:user', points: 30, durationSeconds: MINUTE, message: tooMany },
} satisfies Record<string, RateLimitPolicy>;
