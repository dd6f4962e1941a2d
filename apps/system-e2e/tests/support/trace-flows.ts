import { expect, request, type APIRequestContext } from '@playwright/test';
import { csrfHeaders, signInAs } from './member-flows';

/** The user links the paper broker through the API (tests/brokerage.e2e-spec.ts walks the portal popup). */
export async function connectPaperBroker(api: APIRequestContext, userId: string): Promise<void> {
  const headers = await csrfHeaders(api);
  const registered = await api.post('/api/snaptrade/register-user', { data: { userId }, headers });
  expect(registered.ok(), await registered.text()).toBe(true);
  const portal = await api.post('/api/snaptrade/connection-portal', {
    data: { userId, broker: 'WEBULL', customRedirect: '/settings' },
    headers,
  });
  expect(portal.ok(), await portal.text()).toBe(true);
  const sessionId = ((await portal.json()) as { connectionUrl: string }).connectionUrl.split('/').pop()!;
  const connected = await api.post(`/api/paper/portal/${sessionId}/connect`, { headers });
  expect(connected.ok(), await connected.text()).toBe(true);
}

/** A new trace named `${label} ${handle}`, owned by `ownerId` and created by the seeded admin; answers its id. */
export async function createTraceFor(baseURL: string, label: string, ownerId: string, handle: string): Promise<string> {
  const admin = await request.newContext({ baseURL });
  try {
    const adminId = await signInAs(admin, 'ADMIN');
    const created = await admin.post('/api/admin/create-trace', {
      data: { userId: adminId, ownerId, name: `${label} ${handle}`, handle },
      headers: await csrfHeaders(admin),
    });
    expect(created.ok(), await created.text()).toBe(true);
    return ((await created.json()) as { trace: { id: string } }).trace.id;
  } finally {
    await admin.dispose();
  }
}
