import { createHmac, timingSafeEqual } from 'node:crypto';
import { SNAPTRADE_WEBHOOK_SIGNATURE_SHAPE } from '@copytrade/contracts';

/**
 * SnapTrade signs a webhook with its `Signature` header: base64 of HMAC-SHA256, keyed with the consumer key, of the
 * payload serialized as Python's `json.dumps(payload, separators=(",", ":"), sort_keys=True)` (SnapTrade's own
 * verification example): keys sorted at every depth, no whitespace, and — Python's default `ensure_ascii` —
 * every character outside printable ASCII written as a \uXXXX escape.
 *
 * What is verified is the payload as parsed, so the same JSON re-spaced or re-ordered in transit still verifies.
 * The body exactly as received is accepted too (what the docs' prose describes: "an HMAC of the request body"),
 * and so is the canonical form with non-ASCII characters left as they are (a non-Python sender). Every candidate
 * needs the key; each is compared in constant time. The raw body is tried before anything is parsed.
 */
export function verifySnaptradeWebhookSignature(
  consumerKey: string,
  rawBody: string,
  signature: string | undefined,
): boolean {
  const given = decodeSignature(signature);
  if (!given) return false;
  // The raw body first: a match needs no parsing, and a forged body is parsed only after its HMAC failed once.
  if (timingSafeEqual(digestOf(consumerKey, rawBody), given)) return true;
  const payload = parseJson(rawBody);
  if (payload === undefined) return false;
  const candidates = new Set([canonicalWebhookJson(payload), canonicalWebhookJson(payload, { asciiOnly: false })]);
  let matched = false;
  for (const candidate of candidates) matched = timingSafeEqual(digestOf(consumerKey, candidate), given) || matched;
  return matched;
}

/** The `Signature` SnapTrade sends for this payload (what the fake SnapTrade sends, and the tests). */
export function snaptradeWebhookSignature(consumerKey: string, payload: unknown): string {
  return digestOf(consumerKey, canonicalWebhookJson(payload)).toString('base64');
}

/** Python's `json.dumps(value, separators=(",", ":"), sort_keys=True)`; `asciiOnly: false` is `ensure_ascii=False`. */
export function canonicalWebhookJson(value: unknown, { asciiOnly = true } = {}): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value, asciiOnly);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalWebhookJson(item, { asciiOnly })).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${quote(key, asciiOnly)}:${canonicalWebhookJson(item, { asciiOnly })}`).join(',')}}`;
  }
  return 'null';
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** Python's string encoder: the short escapes, and \u00XX (lowercase hex) for the rest it escapes. */
function quote(text: string, asciiOnly: boolean): string {
  let out = '"';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    const code = text.charCodeAt(index);
    const short = SHORT_ESCAPES[char];
    if (short) out += short;
    else if (code < 0x20 || (asciiOnly && code > 0x7e)) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

function digestOf(consumerKey: string, message: string): Buffer {
  return createHmac('sha256', Buffer.from(consumerKey, 'utf8')).update(message, 'utf8').digest();
}

/** The header's 32 bytes, or null for anything that is not base64 of a SHA-256 digest. */
function decodeSignature(signature: string | undefined): Buffer | null {
  const text = signature?.trim();
  if (!text || !SNAPTRADE_WEBHOOK_SIGNATURE_SHAPE.test(text)) return null;
  return Buffer.from(text, 'base64');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
