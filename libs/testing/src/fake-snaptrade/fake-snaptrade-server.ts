import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ROUTES, type Auth, type RouteContext, type RouteResult } from './fake-routes';
import { FakeSnaptradeState } from './fake-state';
import { FakeHttpError } from './fake-trading';
import { expectedSignature, signatureMatches } from './signature';

export interface FakeSnaptradeOptions {
  clientId?: string;
  consumerKey?: string;
  /** Per clientId, in the rolling window below (the provider's 250). */
  rateLimitPerMinute?: number;
  /** The rolling window of that limit (60 s at the provider; tests shorten it). */
  rateLimitWindowMs?: number;
  /** When set, trades (POST /trade/place) per account in any rolling second beyond this answer 429 (the provider's ~1). */
  tradesPerSecondPerAccount?: number;
  refreshCooldownMs?: number;
  echoClientOrderId?: boolean;
  dedupeClientOrderId?: boolean;
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
 */
export class FakeSnaptradeServer {
  readonly state = new FakeSnaptradeState();
  readonly requests: RecordedRequest[] = [];
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
    const result = await this.respond(request, path, rawQuery, rawBody).catch((error: unknown): RouteResult =>
      error instanceof FakeHttpError
        ? { status: error.status, body: { detail: error.message, status_code: error.status, code: error.code } }
        : { status: 500, body: { detail: 'Unexpected error', status_code: 500, code: '1000' } },
    );
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
    if (!match) throw new FakeHttpError(404, '1011', 'The requested resource does not exist.');
    const query = new URLSearchParams(rawQuery);
    const user = this.authenticate(match.route.auth, request, path, query, rawQuery, rawBody);
    if (method === 'POST' && path === '/trade/place') this.countTrade(rawBody);
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
      body:
        rawBody && !/^\s*$/.test(rawBody) && request.headers['content-type']?.includes('json')
          ? (JSON.parse(rawBody) as Record<string, unknown>)
          : {},
      user,
      state: this.state,
      baseUrl: this.url,
      settings: {
        echoClientOrderId: this.options.echoClientOrderId ?? false,
        dedupeClientOrderId: this.options.dedupeClientOrderId ?? false,
        refreshCooldownMs: this.options.refreshCooldownMs ?? 60_000,
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
      throw new FakeHttpError(
        429,
        '0000',
        `Request was throttled. Expected available in ${this.secondsUntilSlot()} seconds.`,
      );
    }
    this.window.push(now);
    this.peakRequestsPerWindow = Math.max(this.peakRequestsPerWindow, this.window.length);
  }

  /** The provider's per-account trade pace, counted only when configured. */
  private countTrade(rawBody: string): void {
    const perSecond = this.options.tradesPerSecondPerAccount;
    if (perSecond === undefined) return;
    const accountId = String((JSON.parse(rawBody || '{}') as { account_id?: unknown }).account_id ?? '');
    const now = Date.now();
    const recent = (this.tradesByAccount.get(accountId) ?? []).filter((at) => at > now - 1_000);
    if (recent.length >= perSecond) {
      this.throttled += 1;
      throw new FakeHttpError(429, '0000', 'Request was throttled. Expected available in 1 seconds.');
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

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
