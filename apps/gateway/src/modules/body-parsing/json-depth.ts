/**
 * How deeply a parsed JSON value nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion so a
 * hostile body cannot overflow the stack here; stops counting once `limit` is exceeded.
 */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Object.values(current)) pending.push([child, depth + 1]);
  }
  return false;
}
