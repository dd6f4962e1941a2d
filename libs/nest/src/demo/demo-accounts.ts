/**
 * The demo data's trace owners (development only, see DEMO_DATA). Their ids are fixed so that identity, which
 * creates the accounts, and traces, which creates their traces, agree without asking each other at start.
 */
export interface DemoOwner {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Shared by every demo owner; printed by `npm start` and listed in the README and docs/getting-started.md. */
export const DEMO_OWNER_PASSWORD = 'Demo-Owner-2026!';

export const DEMO_OWNERS: readonly DemoOwner[] = [
  ['a0d3e000-0000-4000-8000-000000000001', 'maya_chen', 'Maya', 'Chen'],
  ['a0d3e000-0000-4000-8000-000000000002', 'leo_park', 'Leo', 'Park'],
  ['a0d3e000-0000-4000-8000-000000000003', 'sara_okafor', 'Sara', 'Okafor'],
  ['a0d3e000-0000-4000-8000-000000000004', 'dev_patel', 'Dev', 'Patel'],
].map(([id, username, firstName, lastName]) => ({
  id: id!,
  username: username!,
  email: `${username}@copytrade.local`,
  firstName: firstName!,
  lastName: lastName!,
}));
