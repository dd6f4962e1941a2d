import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { EVENTS_STREAM, type DevMailView, type EventEnvelope, type SignupForm } from '@copytrade/contracts';
import { expectEventually } from '@copytrade/testing';
import { randomInt } from 'node:crypto';
import request from 'supertest';
import { ApiSession } from './api-session';

/** Meets every password rule (docs/product.md#validation-rules). */
export const STRONG_PASSWORD = 'Str0ng-Passw0rd!';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence += 1)}`;

/**
 * A browser at its own client address (the platform runs with TRUST_PROXY=1), so per-address rate limits of
 * one test never spill into another.
 */
export function clientAt(
  baseUrl: string,
  address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
): ApiSession {
  const api = new ApiSession(baseUrl);
  api.agent.set('X-Forwarded-For', address);
  return api;
}

export const newEmail = (label = 'user') => `${label}.${unique()}@example.com`;

/** The development mailbox, newest first. */
export async function mailsTo(baseUrl: string, email: string): Promise<DevMailView[]> {
  const response = await request(baseUrl).get('/api/dev/mail').query({ to: email }).expect(200);
  return response.body.mails as DevMailView[];
}

/** The code of the newest beta-code mail to the address (waits for it to arrive). */
export async function betaCodeFor(baseUrl: string, email: string, olderThan = 0): Promise<string> {
  return expectEventually(async () => {
    const mails = await mailsTo(baseUrl, email);
    expect(mails.length).toBeGreaterThan(olderThan);
    const code = /beta code: (\d{8})/.exec(mails[0]!.text)?.[1];
    expect(code).toMatch(/^\d{8}$/);
    return code!;
  });
}

/** Requests a code for the address, reads it from the mailbox and verifies it. */
export async function verifyBetaAccess(api: ApiSession, email: string): Promise<void> {
  const before = (await mailsTo(api.baseUrl, email)).length;
  expect((await api.post('/api/send-beta-code', { email })).status).toBe(200);
  const betaCode = await betaCodeFor(api.baseUrl, email, before);
  const verified = await api.post('/api/verify-beta-code', { email, betaCode });
  expect(verified.status).toBe(200);
}

/** A complete, valid signup form with a unique username, e-mail and phone. */
export function signupForm(overrides: Partial<SignupForm> = {}): SignupForm {
  const id = unique();
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: newEmail('signup'),
    username: `ada_${id}`.slice(0, 30),
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    phoneNumber: `+1 (555) ${String(randomInt(1_000_000, 9_999_999))}`,
    occupation: 'Engineer',
    annualIncome: '$60,001 - $80,000',
    ...overrides,
  };
}

/** Beta verification then final signup; the session is signed in as the new user afterwards. */
export async function signUp(api: ApiSession, overrides: Partial<SignupForm> = {}) {
  const form = signupForm(overrides);
  await verifyBetaAccess(api, form.email);
  const response = await api.post('/api/final-signup', form);
  await api.refreshCsrf();
  return { form, response };
}

/** Every event of a subject in the suite's JetStream, oldest first. */
export async function eventsOn<T>(natsUrl: string, subject: string): Promise<EventEnvelope<T>[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const { state } = await jsm.streams.info(EVENTS_STREAM, { subjects_filter: subject });
    const events: EventEnvelope<T>[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq += 1) {
      const message = await jsm.streams.getMessage(EVENTS_STREAM, { seq }).catch(() => null);
      if (message && message.subject === subject) events.push(message.json<EventEnvelope<T>>());
    }
    return events;
  } finally {
    await nc.close();
  }
}
