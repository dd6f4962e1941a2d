import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CacheableRpcReply, ReadCacheMeta } from '@copytrade/contracts';
import { settleInboundMessages } from '@copytrade/nest';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { SingleFlight } from '../rpc/single-flight';

export const READ_CACHE_OPTIONS = Symbol('READ_CACHE_OPTIONS');

/** The gateway's bounds on what services ask for (its configuration): caps, not defaults. */
export interface ReadCacheLimit {
  /** The longest an answer of the subject is fresh; 0: never cached. */
  freshMs: number;
  /** The longest it is given stale while it is refreshed. */
  staleMs: number;
}
export interface ReadCacheOptions {
  /** Entries kept at most (answers and users' access keys; least recently used dropped first). */
  maxEntries: number;
  /** Background refreshes of stale answers running at once at most. */
  refreshConcurrency: number;
  /** The gateway's limit for an RPC subject; undefined or freshMs 0: its answers are never cached. */
  limitOf(subject: string): ReadCacheLimit | undefined;
}

/** One cacheable read: the RPC subject, who asks, the request's normalised parameters, and the URL (fast path). */
export interface ReadKey {
  subject: string;
  userId: string;
  /** The parameters that decide the answer (same answer, same string). */
  params: string;
  /** The request's URL after it passed validation: a repeated URL can then be answered by `cachedAt`. */
  url?: string;
}

/** An answer: its JSON body as sent, with Express's ETag of it worked out at most once (`send`). */
export interface CachedAnswer {
  json: string;
  etag?: string;
}

interface Answer extends CachedAnswer {
  kind: 'answer';
  tags: readonly string[];
  /** Past this (performance.now()), the answer is given once more while it is refreshed. */
  freshUntil: number;
  refreshing: boolean;
}
/** Which access key a user has to a resource (`access:<resource>:<key>`): learned from the user's own replies. */
interface AccessRef {
  kind: 'access';
  tags: readonly string[];
  scopeKey: string;
}
type Node = Answer | AccessRef;
type Load<R> = () => Promise<R>;
type ToBody<R> = (reply: Omit<R, 'cache'>) => unknown;

/** Answers the same for everyone; a user's own (`u:`); a user's access key (`@`, pointing to an `access:` key). */
const EVERYONE = '';
const ownKey = (userId: string) => `u:${userId}`;
const refKey = (userId: string, resource: string) => `\n@${userId}\n${resource}`;

/**
 * The gateway's one read cache: JSON bodies of RPC answers per (subject, scope, normalised parameters), kept as
 * the service that answered says in its reply's `cache` (ReadCacheMeta: scope, tags, freshness), within the
 * gateway's limits (ReadCacheOptions.limitOf). The gateway knows no service's rules: a reply without `cache` is
 * never kept. Design and guarantees: docs/read-cache.md.
 *
 * - Scope `everyone`: one answer for all users; `user`: the user's own; `access:<resource>:<key>`: one answer per
 *   key, and per (user, resource) which key the user has, learned from their own replies (users with the same access
 *   share answers, nobody gets another's; a page read tells the access its trades read then uses).
 * - Invalidation by tag (`invalidate`, fed by ReadCacheInvalidation): every entry carrying the tag is deleted; a tag
 *   ending in `*` drops every tag with that prefix. A read overtaken by an invalidation of one of its tags (or by
 *   `dropAll`) is given to its caller but not stored.
 * - A cached answer is given only after I/O already received is applied (settleInboundMessages); concurrent misses
 *   of one key share one call (within one invalidation clock); errors are never stored.
 * - Freshness: drawn between 3/4 of the allowed time and all of it (answers stored together do not go stale
 *   together); then, within its stale window, it is given while one call refreshes it in the background (at most
 *   `refreshConcurrency` at once). Every invalidation deletes an entry, stale or not.
 */
@Injectable()
export class ReadCache {
  private readonly entries: LRUCache<string, Node>;
  /** Tag → keys of the entries carrying it. */
  private readonly byTag = new Map<string, Set<string>>();
  /** URL → the read it asks for (validated before): the same for everyone, never stale. */
  private readonly urls: LRUCache<string, { subject: string; params: string }>;
  /** (subject, params) → the resource its answers are scoped by (`access:<resource>:…`), whoever asks. */
  private readonly resources: LRUCache<string, string>;
  /** Subjects whose last answer was for everyone: concurrent misses of different users share one call. */
  private readonly everyoneSubjects = new Set<string>();
  private readonly inFlight = new SingleFlight<{ answer: CachedAnswer; userId: string; everyone: boolean }>();
  /** Bumped by every invalidation; a read remembers it when it starts. */
  private clock = 0;
  /** Tag → the clock of its last invalidation (kept well past any read in flight). */
  private readonly dropped: LRUCache<string, number>;
  /** Prefix (of a `*` tag) → the clock of its last invalidation. */
  private readonly droppedPrefixes = new Map<string, number>();
  /** A read started before this is never stored (everything dropped, or a forgotten tag's invalidation). */
  private floor = 0;
  private refreshes = 0;
  private readonly logger = new Logger(ReadCache.name);

  constructor(@Inject(READ_CACHE_OPTIONS) private readonly options: ReadCacheOptions) {
    const max = options.maxEntries;
    this.entries = new LRUCache<string, Node>({
      max,
      dispose: (node, key) => this.unindex(key, node),
    });
    this.urls = new LRUCache({ max });
    this.resources = new LRUCache({ max });
    this.dropped = new LRUCache<string, number>({
      max: max * 4,
      ttl: 10 * 60_000, // longer than any RPC timeout
      dispose: (at, _tag, reason) => {
        if (reason !== 'set' && at > this.floor) this.floor = at;
      },
    });
  }

  /**
   * The answer of `key` for its user: cached, or `load`ed (its `cache` stripped, the rest made the body by
   * `toBody`) and kept as its metadata says.
   */
  async read<R extends CacheableRpcReply>(key: ReadKey, load: Load<R>, toBody: ToBody<R>): Promise<CachedAnswer> {
    const limit = this.options.limitOf(key.subject);
    if (!limit || limit.freshMs <= 0) return { json: JSON.stringify(toBody(strip(await load()))) };
    if (key.url) this.urls.set(key.url, { subject: key.subject, params: key.params });
    if (this.lookup(key.subject, key.userId, key.params)) {
      await settleInboundMessages(); // an invalidation already received is applied first
      const hit = this.lookup(key.subject, key.userId, key.params);
      if (hit) {
        if (hit.freshUntil <= performance.now())
          this.refreshInBackground(hit, () => this.fetch(key, limit, load, toBody));
        return hit;
      }
    }
    return this.fetch(key, limit, load, toBody);
  }

  /**
   * The fast path: the user's fresh cached answer of a URL that passed validation before (after I/O already received
   * is applied); undefined otherwise (the request goes on to validation and its handler).
   */
  async cachedAt(userId: string, url: string): Promise<CachedAnswer | undefined> {
    const read = this.urls.get(url);
    if (!read || !this.lookup(read.subject, userId, read.params)) return undefined;
    await settleInboundMessages();
    const hit = this.lookup(read.subject, userId, read.params);
    return hit && hit.freshUntil > performance.now() ? hit : undefined;
  }

  /** Drops every entry carrying one of `tags` (`prefix*`: every tag with the prefix), here only. */
  invalidate(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.clock += 1;
    for (const tag of tags) {
      if (tag.endsWith('*')) {
        const prefix = tag.slice(0, -1);
        this.droppedPrefixes.set(prefix, this.clock);
        for (const [indexed, keys] of [...this.byTag]) if (indexed.startsWith(prefix)) this.deleteAll(keys);
      } else {
        this.dropped.set(tag, this.clock);
        const keys = this.byTag.get(tag);
        if (keys) this.deleteAll(keys);
      }
    }
  }

  /** Everything (a NATS reconnect: invalidations may have been lost). */
  dropAll(): void {
    this.clock += 1;
    this.floor = this.clock;
    this.entries.clear();
    this.byTag.clear();
  }

  /**
   * The answer's JSON, with its ETag (Express's own `etag fn`) set on the response, worked out once per cached
   * answer instead of on every hit (hashing a feed of 200 positions each time was a large part of a cached read).
   */
  send(request: Request, response: Response, answer: CachedAnswer): string {
    const etagOf = request.app.get('etag fn') as ((body: string, encoding: 'utf8') => string | undefined) | undefined;
    if (etagOf) {
      answer.etag ??= etagOf(answer.json, 'utf8');
      if (answer.etag) response.setHeader('ETag', answer.etag);
    }
    return answer.json;
  }

  private lookup(subject: string, userId: string, params: string): Answer | undefined {
    const shared = this.entries.get(`${subject}\n${EVERYONE}\n${params}`);
    if (shared?.kind === 'answer') return shared;
    const own = this.entries.get(`${subject}\n${ownKey(userId)}\n${params}`);
    if (own?.kind === 'answer') return own;
    const resource = this.resources.get(`${subject}\n${params}`);
    if (resource === undefined) return undefined;
    const ref = this.entries.get(refKey(userId, resource));
    if (ref?.kind !== 'access') return undefined;
    const access = this.entries.get(`${subject}\n${ref.scopeKey}\n${params}`);
    return access?.kind === 'answer' ? access : undefined;
  }

  /**
   * One call per key within one clock. A call shared by other users (the subject answered for everyone last time)
   * whose reply is no longer for everyone is made again for each of them: nobody gets another user's answer.
   */
  private async fetch<R extends CacheableRpcReply>(
    key: ReadKey,
    limit: ReadCacheLimit,
    load: Load<R>,
    toBody: ToBody<R>,
    mayShare = true,
  ): Promise<CachedAnswer> {
    const started = this.clock;
    const shared = mayShare && this.everyoneSubjects.has(key.subject);
    const flightKey = `${key.subject}\n${shared ? EVERYONE : ownKey(key.userId)}\n${key.params}`;
    const result = await this.inFlight.run(flightKey, started, async () => {
      const { cache, ...rest } = await load();
      const answer = this.store(key, limit, started, JSON.stringify(toBody(rest)), cache);
      return { answer, userId: key.userId, everyone: cache?.scope === 'everyone' };
    });
    if (result.userId === key.userId || result.everyone) return result.answer;
    return this.fetch(key, limit, load, toBody, false);
  }

  private store(
    key: ReadKey,
    limit: ReadCacheLimit,
    started: number,
    json: string,
    meta: ReadCacheMeta | undefined,
  ): CachedAnswer {
    if (!meta || meta.freshForMs <= 0) return { json };
    if (meta.scope === 'everyone') this.everyoneSubjects.add(key.subject);
    else this.everyoneSubjects.delete(key.subject);
    if (this.overtaken(started, meta.tags)) return { json }; // it may hold the state from before the change
    const freshMs = Math.min(meta.freshForMs, limit.freshMs) * (0.75 + Math.random() / 4);
    const staleMs = Math.min(meta.staleForMs ?? 0, limit.staleMs);
    const ttl = Math.ceil(freshMs + staleMs);
    const tags = meta.tags;
    const answer: Answer = { kind: 'answer', json, tags, freshUntil: performance.now() + freshMs, refreshing: false };
    const scopeKey = meta.scope === 'everyone' ? EVERYONE : meta.scope === 'user' ? ownKey(key.userId) : meta.scope;
    this.put(`${key.subject}\n${scopeKey}\n${key.params}`, answer, ttl);
    if (scopeKey.startsWith('access:')) {
      // `access:<resource>:<key>`: the user's key to the resource serves every read scoped by it (page and trades).
      const resource = scopeKey.slice('access:'.length, scopeKey.lastIndexOf(':'));
      this.resources.set(`${key.subject}\n${key.params}`, resource);
      this.put(refKey(key.userId, resource), { kind: 'access', tags, scopeKey }, ttl);
    }
    return answer;
  }

  private overtaken(started: number, tags: readonly string[]): boolean {
    if (this.floor > started) return true;
    for (const tag of tags) if ((this.dropped.peek(tag) ?? 0) > started) return true;
    for (const [prefix, at] of this.droppedPrefixes)
      if (at > started && tags.some((tag) => tag.startsWith(prefix))) return true;
    return false;
  }

  /**
   * Refreshes a stale answer unless it is being refreshed already or `refreshConcurrency` refreshes are running:
   * then it is simply given once more (within its stale window) and a later read refreshes it.
   */
  private refreshInBackground(hit: Answer, fetch: () => Promise<CachedAnswer>): void {
    if (hit.refreshing || this.refreshes >= this.options.refreshConcurrency) return;
    hit.refreshing = true;
    this.refreshes += 1;
    fetch()
      .catch((error: unknown) => this.logger.warn(`Refreshing a cached read failed: ${String(error)}`))
      .finally(() => {
        this.refreshes -= 1;
        hit.refreshing = false;
      });
  }

  private put(key: string, node: Node, ttl: number): void {
    this.entries.set(key, node, { ttl });
    for (const tag of node.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, node: Node): void {
    for (const tag of node.tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  private deleteAll(keys: Set<string>): void {
    for (const key of [...keys]) this.entries.delete(key);
  }
}

function strip<R extends CacheableRpcReply>(reply: R): Omit<R, 'cache'> {
  const { cache: _cache, ...rest } = reply;
  return rest;
}
