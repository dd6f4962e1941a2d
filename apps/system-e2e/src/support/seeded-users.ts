import type { Client } from 'pg';
import request from 'supertest';
import type { ApiSession } from './api-session';
import { clientAt } from './identity-flows';
import { TEST_DEMO } from './test-platform';

export interface SeededUser {
  id: string;
  username: string;
}

let batch = 0;

/**
 * `count` plain users straight into identity's table, with the demo user's password hash (so they sign in
 * with TEST_DEMO.password): many users in a second, where the signup flow would take minutes.
 */
export async function seedUsers(db: Client, label: string, count: number): Promise<SeededUser[]> {
  const prefix = `${label}_${Date.now().toString(36)}${(batch += 1)}`;
  const { rows } = await db.query<SeededUser>(
    `INSERT INTO identity.users (username, email, password_hash, first_name, last_name)
     SELECT $1 || '_' || i, $1 || '_' || i || '@example.com', password_hash, 'Seeded', 'User'
       FROM identity.users, generate_series(1, $2::int) AS i
      WHERE username = $3
     RETURNING id, username`,
    [prefix, count, TEST_DEMO.username],
  );
  return rows;
}

/**
 * Signs in on a gateway (at a client address of its own): the signed-in client, and its session's Cookie
 * header value for sending the same session to another replica.
 */
export async function signIn(baseUrl: string, username: string): Promise<{ api: ApiSession; cookie: string }> {
  const api = clientAt(baseUrl);
  const response = await api.login(username, TEST_DEMO.password);
  expect(response.status).toBe(200);
  const setCookie = response.headers['set-cookie'] as unknown as string[];
  const session = setCookie.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.startsWith('ct_session='));
  expect(session).toMatch(/^ct_session=.+/);
  return { api, cookie: session! };
}

/** GET with a given Cookie header, as a browser holding that cookie would send it to any replica. */
export function getWithCookie(baseUrl: string, path: string, cookie: string) {
  return request(baseUrl).get(path).set('Cookie', cookie);
}
