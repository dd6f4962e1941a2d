/** A one-line message handed to the next page in the router state (`navigate(to, { state: { notice } })`). */
export function readNotice(state: unknown): string | null {
  if (state && typeof state === 'object' && 'notice' in state) {
    const notice = (state as { notice: unknown }).notice;
    return typeof notice === 'string' && notice.trim() !== '' ? notice : null;
  }
  return null;
}
