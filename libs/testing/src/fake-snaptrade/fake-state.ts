import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ActionStrictWithOptions, AccountOrderRecordStatus, OrderTypeStrict } from 'snaptrade-typescript-sdk';
import { OrderScriptQueue, type OrderScript } from './fake-lifecycle';

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
  action: ActionStrictWithOptions;
  orderType: OrderTypeStrict;
  timeInForce: string;
  limitPrice: number | null;
  stopPrice: number | null;
  /** The ordered quantity (a notional order's units at the price it was placed at). */
  units: number;
  /** What every fill of this order costs per unit (the fake price when it was placed). */
  price: number;
  script: OrderScript;
  placedAt: string;
  placedAtMs: number;
  /** When a cancel request reached it (ms), if one did. */
  canceledAt: number | null;
  /** The brokerage's reason of a scripted rejection (the order record has no field for it). */
  rejectReason: string | null;
  /** Its status when the fake last looked (the record is computed from the script at every read). */
  status: AccountOrderRecordStatus;
  /** The filled units already applied to cash and positions. */
  settledUnits: number;
}
/** What balances and positions show: the account as of `asOf`. */
export interface AccountView {
  cash: number;
  buyingPower: number;
  positions: FakePosition[];
  asOf: string;
}
export type AccountDataMode = 'live' | 'daily-cached';
export type RecentOrdersMode = 'ok' | 'forbidden' | 'not-implemented';
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
  /** Tickers the brokerage knows besides these: any symbol a test gave a price. */
  readonly symbols = new Set(DEFAULT_TICKERS);
  readonly scripts = new OrderScriptQueue();
  accountDataMode: AccountDataMode = 'live';
  /** The daily-cached account data per account (served in 'daily-cached' mode, except on real-time connections). */
  readonly snapshots = new Map<string, AccountView>();
  /** Connections on a real-time plan: live account data, and refresh refused. */
  readonly realtimeConnections = new Set<string>();
  recentOrdersMode: RecentOrdersMode = 'ok';

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
      // The first sync: what daily-cached data shows until the next day or refresh.
      const cash = this.startingCash;
      this.snapshots.set(account.id, { cash, buyingPower: cash, positions: [], asOf: new Date().toISOString() });
    });
    return connection;
  }

  removeConnection(connectionId: string): void {
    this.connections.delete(connectionId);
    for (const account of [...this.accounts.values()])
      if (account.connectionId === connectionId) {
        this.accounts.delete(account.id);
        this.snapshots.delete(account.id);
      }
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

  /** A ticker, or a universal_symbol_id the fake handed out, as the brokerage's ticker; undefined if unknown. */
  resolveSymbol(symbolOrId: string): string | undefined {
    const known = (ticker: string) => this.symbols.has(ticker) || this.prices.has(ticker);
    if (known(symbolOrId)) return symbolOrId;
    return [...this.symbols, ...this.prices.keys()].find((ticker) => stableId(ticker) === symbolOrId);
  }

  accountsOf(userId: string): FakeAccount[] {
    return [...this.accounts.values()].filter((account) => account.userId === userId);
  }

  holdingsValue(positions: FakePosition[]): number {
    return positions.reduce((sum, p) => sum + p.units * this.priceOf(p.symbol, p.option) * (p.option ? 100 : 1), 0);
  }
}

/** The provider's ids are UUIDs: the same input always gives the same one. */
export function stableId(value: string): string {
  const hex = createHash('sha1').update(value).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Common US tickers the fake brokerage lists; anything else is an unknown symbol unless a test prices it. */
const DEFAULT_TICKERS = (
  'AAPL MSFT NVDA TSLA AMD INTC ORCL GOOGL GOOG AMZN META NFLX AVGO QCOM IBM CSCO CRM ADBE PYPL SHOP UBER ' +
  'JPM BAC WFC GS V MA KO PEP WMT COST DIS NKE XOM CVX PFE JNJ MRK T VZ F GM BA PLTR COIN SOFI RIVN ' +
  'SPY QQQ IWM DIA VOO VTI ARKK GLD TLT'
).split(' ');
