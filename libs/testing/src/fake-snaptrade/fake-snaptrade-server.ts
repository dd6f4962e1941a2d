import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { advanceDay } from './fake-account-data';
import { FakeHttpError, invalidData, notFound, throttled, unexpected } from './fake-errors';
import type { OrderScript } from './fake-lifecycle';
import type { Auth, RouteContext, RouteResult } from './fake-route-kit';
import { ROUTES } from './fake-routes';
import { FakeSnaptradeState, type AccountDataMode, type RecentOrdersMode } from './fake-state';
import { progressOf, settle } from './fake-trading';
import * as wire from './fake-wire';
import type { WireOrderRecord } from './wire-types';
import { expectedSignature, signatureMatches } from './signature';
import { fakeWebhookPayload, signFakeWebhook, type FakeWebhookDelivery, type FakeWebhookInput } from './fake-webhooks';

export interface FakeSnaptradeOptions {
  clientId?: string;
  consumerKey?: string;
  /** Per clientId, in the rolling window below (the provider's 250). */
  rateLimitPerMinute?: number;
  /** The rolling window of that limit (60 s at the provider; tests shorten it). */
  rateLimitWindowMs?: number;
  /**
   * When set, trades (POST /trade/place) of one account beyond this many in any rolling second answer 429 0000,
   * as the provider's one-trade-per-second-per-account limit does. Off by default: tests that place a buy and a
   * sell back to back would otherwise need a limiter pacing them a second apart.
   */
  tradesPerSecondPerAccount?: number;
  /** A refresh again within this answers 429 `throttled` (default 60 s). */
  refreshCooldownMs?: number;
  /** Orders recentOrders returns at most (the provider's page: 100 at most brokerages). */
  recentOrdersPageSize?: number;
  /** Return the earlier order for a repeated client_order_id (some brokerages do; SnapTrade itself does not). */
  dedupeClientOrderId?: boolean;
  /** Where emitWebhook() posts (the dashboard's webhook URL at SnapTrade). */
  webhookUrl?: string;
}

/** A forced answer for the next matching request(s): an error, a delay, or both; `afterHandling` lets the request take effect first (a lost response). */
export interface FakeFault {
  method?: string;
  path: RegExp;
  status?: number;
  body?: unknown;
  delayMs?: number;
  afterHandling?: boolean;
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  /** When the request arrived (ms since epoch). */
  at: number;
}

const LEGACY_PREFIX = '/api/v1';

/**
 * A local SnapTrade for tests of the real SDK: root paths (the legacy /api/v1 prefix is stripped), the
 * provider's request signature checked exactly (401 1076 otherwise), user credentials (401 1083), rate
 * limits with X-RateLimit-* headers (429 0000), fault injection, and a portal page that creates connections.
 *
 * Orders follow a scripted lifecycle (fake-lifecycle), computed from the time they were placed at every read;
 * cash and positions change only by what has filled. Test controls (not part of the SnapTrade API):
 * - scriptNextOrders(accountId | '*', ...scripts) / setDefaultOrderScript(script): what the next orders do;
 * - orderRecord(accountId, brokerageOrderId) / placedOrderCount(accountId?): what the provider holds;
 * - setRecentOrdersMode('ok' | 'forbidden' | 'not-implemented'): recentOrders answers, or 403 1141, or 501;
 * - setAccountDataMode('live' | 'daily-cached') / advanceDay(): balances and positions live, or as of the last
 *   daily sync (or successful refresh);
 * - setConnectionRealtime(connectionId, realtime): a real-time plan (live data, refresh refused with 403 1141);
 * - injectFault(fault), state (users, connections, accounts, orders, prices, marketOpen, symbols);
 * - emitWebhook(input): a webhook signed as SnapTrade signs it, posted to `webhookUrl` (recorded in `webhooks`).
 */
export class FakeSnaptradeServer {
  readonly state = new FakeSnaptradeState();
  readonly requests: RecordedRequest[] = [];
  /** Every webhook emitted, with the answer it got. */
  readonly webhooks: FakeWebhookDelivery[] = [];
  readonly clientId: string;
  readonly consumerKey: string;
  private readonly faults: FakeFault[] = [];
  private readonly window: number[] = [];
  private readonly tradesByAccount = new Map<string, number[]>();
  /** 429s answered because a limit was exceeded (injected faults not counted). */
  throttled = 0;
  /** The most requests seen in one rolling window, and the most trades of one account in one rolling second. */
  peakRequestsPerWindow = 0;
  peakTradesPerSecond = 0;
  private server!: Server;
  url = '';

  private constructor(private readonly options: FakeSnaptradeOptions) {
    this.clientId = options.clientId ?? 'FAKE-CLIENT-ID';
    // '^' is escaped by encodeURI: a client that keys the HMAC with the raw key fails, as at the provider.
    this.consumerKey = options.consumerKey ?? `${randomBytes(24).toString('base64url')}^key`;
  }

  static async start(options: FakeSnaptradeOptions = {}): Promise<FakeSnaptradeServer> {
    const fake = new FakeSnaptradeServer(options);
    fake.server = createServer((request, response) => void fake.serve(request, response));
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    return fake;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  injectFault(fault: FakeFault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** Queues scripts for the next orders accepted on this account ('*': on any account), one per order. */
  scriptNextOrders(accountId: string | '*', ...scripts: OrderScript[]): void {
    this.state.scripts.enqueue(accountId, scripts);
  }

  /** What orders without a queued script do (initially instant). */
  setDefaultOrderScript(script: OrderScript): void {
    this.state.scripts.setDefault(script);
  }

  /** The order as the provider reports it now, or undefined when that account has no such order. */
  orderRecord(accountId: string, brokerageOrderId: string): WireOrderRecord | undefined {
    const order = this.state.orders.find((row) => row.id === brokerageOrderId && row.accountId === accountId);
    return order && wire.orderRecord(order, progressOf(order));
  }

  /** Orders the provider accepted (refusals not counted), on one account or all: to assert nothing was placed twice. */
  placedOrderCount(accountId?: string): number {
    return this.state.orders.filter((order) => accountId === undefined || order.accountId === accountId).length;
  }

  setRecentOrdersMode(mode: RecentOrdersMode): void {
    this.state.recentOrdersMode = mode;
  }

  /** 'daily-cached' serves the data of the last advanceDay() or refresh; switching takes today's data as that. */
  setAccountDataMode(mode: AccountDataMode): void {
    if (mode === 'daily-cached' && this.state.accountDataMode !== mode) advanceDay(this.state);
    this.state.accountDataMode = mode;
  }

  /** The provider's daily sync: cached balances and positions catch up with the trades. */
  advanceDay(): void {
    advanceDay(this.state);
  }

  setConnectionRealtime(connectionId: string, realtime: boolean): void {
    if (realtime) this.state.realtimeConnections.add(connectionId);
    else this.state.realtimeConnections.delete(connectionId);
  }

  /** Turns the per-account trade pace on (trades per rolling second) or off (undefined). */
  setTradesPerSecondPerAccount(limit: number | undefined): void {
    this.options.tradesPerSecondPerAccount = limit;
  }

  setWebhookUrl(url: string): void {
    this.options.webhookUrl = url;
  }

  /**
   * Sends a webhook as SnapTrade does (NOTES item 26): the payload with this clientId, signed with the consumer key
   * (`signWith` another key, or `tamper` the body after signing, to make a bad one), POSTed as JSON.
   */
  async emitWebhook(
    input: FakeWebhookInput,
    options: { signWith?: string; tamper?: (body: string) => string; url?: string } = {},
  ): Promise<FakeWebhookDelivery> {
    const url = options.url ?? this.options.webhookUrl;
    if (!url) throw new Error('No webhook URL: pass webhookUrl to start() or call setWebhookUrl()');
    const payload = fakeWebhookPayload(this.clientId, input);
    const signed = signFakeWebhook(options.signWith ?? this.consumerKey, payload);
    const body = options.tamper ? options.tamper(signed.body) : signed.body;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Signature: signed.signature },
      body,
    });
    const text = await response.text();
    let responseBody: unknown = text;
    try {
      responseBody = JSON.parse(text);
    } catch {
      // kept as text
    }
    const delivery = {
      webhookId: String(payload.webhookId),
      payload,
      body,
      signature: signed.signature,
      status: response.status,
      responseBody,
    };
    this.webhooks.push(delivery);
    return delivery;
  }

  /** What a browser does with the portal URL: follow it; returns where the portal redirects. */
  async completePortal(redirectURI: string, outcome: 'SUCCESS' | 'ERROR' | 'ABANDONED' = 'SUCCESS'): Promise<URL> {
    const response = await fetch(`${redirectURI}&outcome=${outcome}`, { redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) throw new Error(`Portal answered ${response.status}`);
    return new URL(location);
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawUrl = request.url ?? '/';
    const [rawPath = '/', rawQuery = ''] = rawUrl.split(/\?(.*)/s);
    const path = rawPath.startsWith(`${LEGACY_PREFIX}/`) ? rawPath.slice(LEGACY_PREFIX.length) : rawPath;
    const at = Date.now();
    const rawBody = await readBody(request);
    const result = await this.respond(request, path, rawQuery, rawBody).catch((error: unknown): RouteResult => {
      const known = error instanceof FakeHttpError ? error : unexpected();
      return { status: known.status, body: known.body() };
    });
    this.requests.push({ method: request.method ?? 'GET', path, query: rawQuery, status: result.status, at });
    const remaining = Math.max(0, this.limit - this.window.length);
    response.writeHead(result.status, {
      'X-Request-ID': randomUUID(),
      'X-RateLimit-Limit': String(this.limit),
      'X-RateLimit-Remaining': String(remaining),
      'X-RateLimit-Reset': String(this.secondsUntilSlot()),
      ...(result.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...result.headers,
    });
    response.end(result.body === undefined ? undefined : JSON.stringify(result.body));
  }

  private async respond(
    request: IncomingMessage,
    path: string,
    rawQuery: string,
    rawBody: string,
  ): Promise<RouteResult> {
    const method = request.method ?? 'GET';
    const match = ROUTES.map((route) => ({
      route,
      found: route.method === method ? route.pattern.exec(path) : null,
    })).find((candidate) => candidate.found);
    if (!match) throw notFound();
    const query = new URLSearchParams(rawQuery);
    const body = parseBody(rawBody, request.headers['content-type']);
    const user = this.authenticate(match.route.auth, request, path, query, rawQuery, rawBody);
    if (method === 'POST' && path === '/trade/place') this.countTrade(body);
    // Fills that happened since the last request take effect before anything reads or trades.
    settle(this.state);
    const fault = this.takeFault(method, path);
    if (fault?.delayMs && !fault.afterHandling) await sleep(fault.delayMs);
    if (fault?.status && !fault.afterHandling)
      return {
        status: fault.status,
        body: fault.body ?? { detail: 'Injected failure', status_code: fault.status, code: '1000' },
      };
    const context: RouteContext = {
      params: match.found!.slice(1),
      query,
      body,
      user,
      state: this.state,
      baseUrl: this.url,
      settings: {
        dedupeClientOrderId: this.options.dedupeClientOrderId ?? false,
        refreshCooldownMs: this.options.refreshCooldownMs ?? 60_000,
        recentOrdersPageSize: this.options.recentOrdersPageSize ?? 100,
      },
    };
    const result = match.route.handle(context);
    if (fault?.afterHandling) {
      if (fault.delayMs) await sleep(fault.delayMs);
      if (fault.status)
        return {
          status: fault.status,
          body: fault.body ?? { detail: 'Injected failure', status_code: fault.status, code: '1000' },
        };
    }
    return result;
  }

  /** The provider's checks, in its order: clientId, timestamp, signature, rate limit, then the user. */
  private authenticate(
    auth: Auth,
    request: IncomingMessage,
    path: string,
    query: URLSearchParams,
    rawQuery: string,
    rawBody: string,
  ) {
    if (auth === 'none') return undefined;
    if (query.get('clientId') !== this.clientId) throw new FakeHttpError(401, '1076', 'Invalid clientId provided');
    const timestamp = Number(query.get('timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
      throw new FakeHttpError(401, '1076', 'Invalid timestamp');
    const signature = request.headers['signature'];
    if (
      !signatureMatches(
        typeof signature === 'string' ? signature : undefined,
        expectedSignature(this.consumerKey, rawBody, path, rawQuery),
      )
    ) {
      throw new FakeHttpError(401, '1076', 'Unable to verify signature sent');
    }
    this.countRequest();
    if (auth === 'client') return undefined;
    if (auth === 'client+userId') {
      if (!query.get('userId'))
        throw new FakeHttpError(401, '1083', 'Please provide clientId, userId and userSecret in query params');
      return undefined;
    }
    const user = this.state.users.get(query.get('userId') ?? '');
    if (!user || user.userSecret !== query.get('userSecret'))
      throw new FakeHttpError(401, '1083', 'Invalid userID or userSecret provided');
    return user;
  }

  private get limit(): number {
    return this.options.rateLimitPerMinute ?? 250;
  }

  private get windowMs(): number {
    return this.options.rateLimitWindowMs ?? 60_000;
  }

  private countRequest(): void {
    const now = Date.now();
    while (this.window.length && this.window[0]! <= now - this.windowMs) this.window.shift();
    if (this.window.length >= this.limit) {
      this.throttled += 1;
      throw throttled(this.secondsUntilSlot());
    }
    this.window.push(now);
    this.peakRequestsPerWindow = Math.max(this.peakRequestsPerWindow, this.window.length);
  }

  /** The provider's per-account trade pace, counted only when configured. */
  private countTrade(body: Record<string, unknown>): void {
    const perSecond = this.options.tradesPerSecondPerAccount;
    if (perSecond === undefined) return;
    const accountId = String(body.account_id ?? '');
    const now = Date.now();
    const recent = (this.tradesByAccount.get(accountId) ?? []).filter((at) => at > now - 1_000);
    if (recent.length >= perSecond) {
      this.throttled += 1;
      throw throttled(1);
    }
    recent.push(now);
    this.tradesByAccount.set(accountId, recent);
    this.peakTradesPerSecond = Math.max(this.peakTradesPerSecond, recent.length);
  }

  private secondsUntilSlot(): number {
    return this.window.length < this.limit
      ? 0
      : Math.max(1, Math.ceil((this.window[0]! + this.windowMs - Date.now()) / 1000));
  }

  private takeFault(method: string, path: string): FakeFault | undefined {
    const index = this.faults.findIndex((fault) => (!fault.method || fault.method === method) && fault.path.test(path));
    if (index === -1) return undefined;
    const fault = this.faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }
}

/** A JSON body as an object ({} when empty or not JSON-typed); malformed JSON is the client's mistake: 400. */
function parseBody(rawBody: string, contentType: string | undefined): Record<string, unknown> {
  if (!rawBody.trim() || !contentType?.includes('json')) return {};
  try {
    const parsed: unknown = JSON.parse(rawBody);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw invalidData('JSON parse error.');
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
