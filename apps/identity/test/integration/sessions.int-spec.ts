import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DEMO_OWNER_PASSWORD, DEMO_OWNERS, loadConfig, runServiceMigrations } from '@copytrade/nest';
import { createTestDatabase, natsUrl, type TestDatabase } from '@copytrade/testing';
import { getRepositoryToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IdentityAppModule } from '../../src/app.module';
import { DEV_ADMIN_PASSWORD, DEV_DEMO_USER, IdentityConfig } from '../../src/config/identity.config';
import { identityDataSourceOptions } from '../../src/database/data-source';
import { UserEntity } from '../../src/modules/users/entities/user.entity';
import { UserSeeder } from '../../src/modules/users/user-seeder.service';
import { PasswordHasher } from '../../src/modules/sessions/password-hasher.service';
import { LoginUseCase } from '../../src/modules/sessions/use-cases/login.use-case';
import { SessionLookupUseCase } from '../../src/modules/sessions/use-cases/session-lookup.use-case';

let database: TestDatabase;
let app: INestApplication;
let login: LoginUseCase;
let sessions: SessionLookupUseCase;
let dataSource: DataSource;

const attempt = (username: string, password: string, clientAddress = '203.0.113.7') =>
  login.execute({ requestId: 'test-request', clientAddress, payload: { username, password } });

beforeAll(async () => {
  database = await createTestDatabase('identity_sessions');
  await runServiceMigrations(identityDataSourceOptions(database.url));
  const config = loadConfig(IdentityConfig, {
    DATABASE_URL: database.url,
    NATS_URL: await natsUrl(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '8',
    LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWING_NEW_ADDRESSES: '20',
  });
  const moduleRef = await Test.createTestingModule({ imports: [IdentityAppModule.register(config)] }).compile();
  app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  login = app.get(LoginUseCase);
  sessions = app.get(SessionLookupUseCase);
  dataSource = app.get(DataSource);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('seeding again on a second start creates no second admin', async () => {
  await app.get(UserSeeder).onApplicationBootstrap();
  const rows = await dataSource.query(`SELECT count(*)::int AS n FROM identity.users WHERE lower(username) = 'admin'`);
  expect(rows[0].n).toBe(1);
});

it('seeds the demo trace owners under their fixed ids only with demo data on; they sign in', async () => {
  expect(
    (await dataSource.query(`SELECT count(*)::int AS n FROM identity.users WHERE id = $1`, [DEMO_OWNERS[0]!.id]))[0].n,
  ).toBe(0);
  const demoConfig = loadConfig(IdentityConfig, { DATABASE_URL: database.url, NODE_ENV: 'test', DEMO_DATA: 'true' });
  const seeder = new UserSeeder(app.get(getRepositoryToken(UserEntity)), app.get(PasswordHasher), demoConfig);
  await seeder.onApplicationBootstrap();
  await seeder.onApplicationBootstrap();
  const owners = await dataSource.query(
    `SELECT id, username, has_completed_onboarding FROM identity.users WHERE id = ANY($1)`,
    [DEMO_OWNERS.map((owner) => owner.id)],
  );
  expect(owners).toHaveLength(DEMO_OWNERS.length);
  expect(owners.every((owner: { has_completed_onboarding: boolean }) => owner.has_completed_onboarding)).toBe(true);
  const { user } = await attempt(DEMO_OWNERS[0]!.username, DEMO_OWNER_PASSWORD);
  expect(user.id).toBe(DEMO_OWNERS[0]!.id);
});

it('stores only a hash of the session token, and an expired session resolves to nobody', async () => {
  const { sessionToken, user } = await attempt('admin', DEV_ADMIN_PASSWORD);
  const stored = await dataSource.query(`SELECT token_hash FROM identity.sessions WHERE user_id = $1`, [user.id]);
  expect(stored.map((row: { token_hash: string }) => row.token_hash)).not.toContain(sessionToken);
  expect((await sessions.resolve(sessionToken)).user?.id).toBe(user.id);

  await dataSource.query(`UPDATE identity.sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
    user.id,
  ]);
  expect((await sessions.resolve(sessionToken)).user).toBeNull();
});

it('blocks a client address that keeps failing on different accounts', async () => {
  const outcomes: number[] = [];
  for (let index = 0; index < 9; index += 1) {
    outcomes.push(
      await attempt(`someone-${index}`, 'wrong-password-1', '198.51.100.9').then(
        () => 200,
        (error: { status: number }) => error.status,
      ),
    );
  }
  expect(outcomes.slice(0, 8).every((status) => status === 401)).toBe(true);
  expect(outcomes[8]).toBe(429);
  // The same address is refused even with the right password while blocked; others are not affected.
  await expect(attempt('admin', DEV_ADMIN_PASSWORD, '198.51.100.9')).rejects.toMatchObject({ status: 429 });
  await expect(attempt('admin', DEV_ADMIN_PASSWORD, '198.51.100.10')).resolves.toMatchObject({
    user: { username: 'admin' },
  });
});

describe('login limits: an address is stopped, an account is slowed down, never locked', () => {
  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: { status: number }) => error.status,
    );
  const owner = (index: number) => DEMO_OWNERS[index]!.username;

  it('100 parallel wrong passwords from one address, by username and by e-mail, get at most 5 password checks', async () => {
    const verify = jest.spyOn(app.get(PasswordHasher), 'verify');
    try {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          outcome(attempt(index % 2 ? 'demo' : 'DEMO@copytrade.local', 'wrong-password-1', '192.0.2.1')),
        ),
      );
      expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 401).length).toBe(verify.mock.calls.length);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - verify.mock.calls.length);
    } finally {
      verify.mockRestore();
    }
    // That address stays refused, even with the right password; the owner, from another address, signs in.
    await expect(attempt('demo', DEV_DEMO_USER.password, '192.0.2.1')).rejects.toMatchObject({ status: 429 });
    await expect(attempt('demo', DEV_DEMO_USER.password, '192.0.2.2')).resolves.toMatchObject({
      user: { username: 'demo' },
    });
  });

  it('5 wrong passwords from one address, then the right one from another: signed in', async () => {
    for (let index = 0; index < 5; index += 1)
      expect(await outcome(attempt(owner(0), 'wrong-password-1', '198.51.100.50'))).toBe(401);
    expect(await outcome(attempt(owner(0), DEMO_OWNER_PASSWORD, '198.51.100.50'))).toBe(429);
    await expect(attempt(owner(0), DEMO_OWNER_PASSWORD, '198.51.100.51')).resolves.toMatchObject({
      user: { username: owner(0) },
    });
  });

  it('past 5 failures an address that failed gets one attempt per interval, doubling; a new address is not slowed', async () => {
    const [first, second] = ['198.51.100.60', '198.51.100.61'];
    for (const address of [first, first, first, second, second])
      expect(await outcome(attempt(owner(1), 'wrong-password-1', address))).toBe(401);
    // 6th failure: the first slowed-down attempt passes and starts a 1 s interval; the next, inside it, is refused.
    expect(await outcome(attempt(owner(1), 'wrong-password-1', first))).toBe(401);
    const refused = await attempt(owner(1), DEMO_OWNER_PASSWORD, second).catch((error: DomainErrorLike) => error);
    expect(refused).toMatchObject({ status: 429 });
    // The owner, from an address that has not failed, is not held up.
    await expect(attempt(owner(1), DEMO_OWNER_PASSWORD, '198.51.100.62')).resolves.toMatchObject({
      user: { username: owner(1) },
    });
    // After the interval an attempt passes again (8th failure: a 4 s interval follows it).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await outcome(attempt(owner(1), 'wrong-password-1', second))).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await outcome(attempt(owner(1), 'wrong-password-1', first))).toBe(429);
  });

  it('guesses spread over many addresses: each new address gets one check until new addresses are slowed too', async () => {
    const verify = jest.spyOn(app.get(PasswordHasher), 'verify');
    try {
      await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          outcome(attempt(owner(2), 'wrong-password-1', `203.0.113.${index + 100}`)),
        ),
      );
      // LOGIN_ACCOUNT_FAILURES_BEFORE_SLOWING_NEW_ADDRESSES (20) at full speed, then one per interval.
      expect(verify.mock.calls.length).toBeGreaterThanOrEqual(20);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(21);
    } finally {
      verify.mockRestore();
    }
  });

  it('a success gives the address its attempts back on the account and on the address counter', async () => {
    const address = '198.51.100.77';
    for (let index = 0; index < 4; index += 1)
      expect(await outcome(attempt('admin', 'wrong-password-1', address))).toBe(401);
    await expect(attempt('admin@copytrade.local', DEV_ADMIN_PASSWORD, address)).resolves.toMatchObject({
      user: { username: 'admin' },
    });
    // The address (limit 8) has counted the 4 failures only: 4 more are still checked, the next is refused.
    const fromAddress: number[] = [];
    for (let index = 0; index < 5; index += 1)
      fromAddress.push(await outcome(attempt(`someone-else-${index}`, 'wrong-password-1', address)));
    expect(fromAddress).toEqual([401, 401, 401, 401, 429]);
  });
});

type DomainErrorLike = { status: number };
