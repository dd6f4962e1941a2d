import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface FakeUser {
  userId: string;
  userSecret: string;
}
export interface FakeConnection {
  id: string;
  userId: string;
  broker: string;
  type: 'read' | 'trade';
  disabled: boolean;
  disabledDate: string | null;
  createdDate: string;
  lastRefreshAt: number | null;
  refreshCount: number;
}
export interface FakeAccount {
  id: string;
  connectionId: string;
  userId: string;
  name: string;
  number: string;
  createdDate: string;
  cash: number;
}
export interface FakeOption {
  underlying: string;
  optionType: 'CALL' | 'PUT';
  strike: number;
  expiration: string;
}
export interface FakePosition {
  symbol: string;
  units: number;
  costBasis: number;
  option: FakeOption | null;
}
export interface FakeOrder {
  id: string;
  accountId: string;
  clientOrderId: string | null;
  symbol: string;
  option: FakeOption | null;
  action: string;
  units: number;
  price: number;
  status: string;
  placedAt: string;
}
export interface FakePortalSession {
  id: string;
  userId: string;
  broker: string;
  customRedirect: string | null;
  connectionType: 'read' | 'trade';
  reconnect: string | null;
  expiresAt: number;
}

/** Everything the fake provider knows; tests read it to assert what the app did (one order, not two). */
export class FakeSnaptradeState {
  readonly users = new Map<string, FakeUser>();
  readonly connections = new Map<string, FakeConnection>();
  readonly accounts = new Map<string, FakeAccount>();
  readonly positions = new Map<string, FakePosition[]>();
  readonly orders: FakeOrder[] = [];
  readonly sessions = new Map<string, FakePortalSession>();
  readonly prices = new Map<string, number>();
  marketOpen = true;
  /** Opening cash of each account a connection creates. */
  startingCash = 50_000;

  registerUser(userId: string): FakeUser {
    const user = { userId, userSecret: randomBytes(24).toString('base64url') };
    this.users.set(userId, user);
    return user;
  }

  deleteUser(userId: string): void {
    this.users.delete(userId);
    for (const connection of [...this.connections.values()])
      if (connection.userId === userId) this.removeConnection(connection.id);
  }

  /** What the portal does on success: a connection (reused per user and broker) with two accounts. */
  connect(session: FakePortalSession): FakeConnection {
    const existing = session.reconnect
      ? this.connections.get(session.reconnect)
      : [...this.connections.values()].find((c) => c.userId === session.userId && c.broker === session.broker);
    if (existing) {
      Object.assign(existing, {
        disabled: false,
        disabledDate: null,
        type: session.connectionType === 'trade' ? 'trade' : existing.type,
      });
      return existing;
    }
    const connection: FakeConnection = {
      id: randomUUID(),
      userId: session.userId,
      broker: session.broker,
      type: session.connectionType,
      disabled: false,
      disabledDate: null,
      createdDate: new Date().toISOString(),
      lastRefreshAt: null,
      refreshCount: 0,
    };
    this.connections.set(connection.id, connection);
    ['Individual', 'Roth IRA'].forEach((kind, index) => {
      const account: FakeAccount = {
        id: randomUUID(),
        connectionId: connection.id,
        userId: session.userId,
        name: `${session.broker} ${kind}`,
        number: `Q${1000000 + this.accounts.size}`,
        createdDate: new Date(Date.now() + index).toISOString(),
        cash: this.startingCash,
      };
      this.accounts.set(account.id, account);
      this.positions.set(account.id, []);
    });
    return connection;
  }

  removeConnection(connectionId: string): void {
    this.connections.delete(connectionId);
    for (const account of [...this.accounts.values()])
      if (account.connectionId === connectionId) this.accounts.delete(account.id);
  }

  disable(connectionId: string): void {
    const connection = this.connections.get(connectionId);
    if (connection) Object.assign(connection, { disabled: true, disabledDate: new Date().toISOString() });
  }

  /** A stable price per symbol unless a test sets one; options cost a few dollars. */
  priceOf(symbol: string, option: FakeOption | null): number {
    const set = this.prices.get(symbol);
    if (set !== undefined) return set;
    const unit = createHash('sha256').update(symbol).digest().readUInt16BE(0) / 65_536;
    return Math.round((option ? 1 + unit * 9 : 50 + unit * 250) * 100) / 100;
  }

  accountsOf(userId: string): FakeAccount[] {
    return [...this.accounts.values()].filter((account) => account.userId === userId);
  }

  holdingsValue(accountId: string): number {
    return (this.positions.get(accountId) ?? []).reduce(
      (sum, p) => sum + p.units * this.priceOf(p.symbol, p.option) * (p.option ? 100 : 1),
      0,
    );
  }
}
