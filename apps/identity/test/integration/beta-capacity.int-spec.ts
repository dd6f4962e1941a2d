import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { UserRegistered, type SignupForm } from '@copytrade/contracts';
import { loadConfig, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, natsUrl, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { IdentityAppModule } from '../../src/app.module';
import { IdentityConfig } from '../../src/config/identity.config';
import { identityDataSourceOptions } from '../../src/database/data-source';
import { RegisterUserUseCase } from '../../src/modules/signup/use-cases/register-user.use-case';

const MAX_USERS = 5;
const PASSWORD = 'Str0ng-Passw0rd!';
let database: TestDatabase;
let app: INestApplication;
let register: RegisterUserUseCase;
let dataSource: DataSource;

const form = (index: number, overrides: Partial<SignupForm> = {}): SignupForm => ({
  firstName: 'Racer',
  lastName: `Number ${index}`,
  email: `racer${index}@example.com`,
  username: `racer_${index}`,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  phoneNumber: `555000${String(index).padStart(4, '0')}`,
  occupation: 'Trader',
  annualIncome: 'Over $200,000',
  ...overrides,
});

/** As if the address had just verified an e-mailed code (the code itself is not needed here). */
const verified = (email: string) =>
  dataSource.query(
    `INSERT INTO identity.beta_codes (email, code_hash, expires_at, verified_at) VALUES ($1, 'unused', now() + interval '1 hour', now())`,
    [email],
  );

const signUp = (signup: SignupForm) =>
  register.execute({ requestId: `signup-${signup.username}`, clientAddress: '203.0.113.1', payload: signup });
const count = async (sql: string, params: unknown[] = []) =>
  ((await dataSource.query(sql, params)) as { n: number }[])[0]!.n;

beforeAll(async () => {
  database = await createTestDatabase('identity_beta_capacity');
  await runServiceMigrations(identityDataSourceOptions(database.url));
  const config = loadConfig(IdentityConfig, {
    DATABASE_URL: database.url,
    NATS_URL: await natsUrl(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    BETA_MAX_USERS: String(MAX_USERS),
  });
  const moduleRef = await Test.createTestingModule({ imports: [IdentityAppModule.register(config)] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  register = app.get(RegisterUserUseCase);
  dataSource = app.get(DataSource);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('twenty signups racing for five seats: exactly five accounts, sessions and UserRegistered events, the rest 403 BETA_FULL', async () => {
  const forms = Array.from({ length: 20 }, (_, index) => form(index));
  for (const signup of forms) await verified(signup.email);

  const outcomes = await Promise.allSettled(forms.map(signUp));
  const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(MAX_USERS);
  expect(refused.map((outcome) => (outcome.reason as { code: string }).code)).toEqual(
    Array(20 - MAX_USERS).fill('BETA_FULL'),
  );

  expect(await count(`SELECT registered_count AS n FROM identity.beta_capacity`)).toBe(MAX_USERS);
  expect(await count(`SELECT count(*)::int AS n FROM identity.users WHERE is_beta_user`)).toBe(MAX_USERS);
  expect(await count(`SELECT count(*)::int AS n FROM identity.sessions`)).toBe(MAX_USERS);
  expect(
    await count(`SELECT count(*)::int AS n FROM identity.outbox WHERE subject = $1`, [UserRegistered.subject]),
  ).toBe(MAX_USERS);
  // A refused signup used nothing up: its verification is still there for when a seat frees.
  expect(await count(`SELECT count(*)::int AS n FROM identity.beta_codes WHERE used_for_signup_at IS NOT NULL`)).toBe(
    MAX_USERS,
  );
});

it('the same address signing up twice at once: one account, one seat, the other attempt refused', async () => {
  await dataSource.query(`UPDATE identity.beta_capacity SET registered_count = 0`);
  const email = 'twice@example.com';
  await verified(email);
  await verified(email);
  const outcomes = await Promise.allSettled([signUp(form(100, { email })), signUp(form(101, { email }))]);
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
  const [refusal] = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  expect((refusal!.reason as { status: number }).status).toBe(409);
  expect(await count(`SELECT count(*)::int AS n FROM identity.users WHERE email = $1`, [email])).toBe(1);
  expect(await count(`SELECT registered_count AS n FROM identity.beta_capacity`)).toBe(1);
});
