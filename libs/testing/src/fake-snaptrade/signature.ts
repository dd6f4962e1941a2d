import { createHmac, timingSafeEqual } from 'node:crypto';

/** Serializes with keys sorted at every depth and no whitespace, as SnapTrade (and its SDK) do before signing. */
export function sortedKeysJson(value: unknown): string {
  const keys = new Set<string>();
  JSON.stringify(value, (key, item: unknown) => {
    keys.add(key);
    return item;
  });
  return JSON.stringify(value, [...keys].sort());
}

/**
 * The provider's request signature: base64 HMAC-SHA256, keyed with encodeURI(consumerKey), of
 * {content, path, query}: content = the parsed JSON body, or null when the body is empty or "{}"; path without
 * any mount prefix; query = the raw query string as sent.
 */
export function expectedSignature(consumerKey: string, rawBody: string, path: string, rawQuery: string): string {
  let content: unknown = null;
  try {
    content = rawBody === '' || rawBody === '{}' ? null : (JSON.parse(rawBody) as unknown);
  } catch {
    return ''; // a body that is not JSON was not signed by the SDK: never matches
  }
  return createHmac('sha256', encodeURI(consumerKey))
    .update(sortedKeysJson({ content, path, query: rawQuery }))
    .digest('base64');
}

export function signatureMatches(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
