import { useEffect, useState } from 'react';

/** A save's outcome under its button: success clears after 3 s, an error after 5 s (docs/product.md#settings). */
export const SAVED_MESSAGE_MS = 3000;
export const ERROR_MESSAGE_MS = 5000;

export type SaveMessage = { kind: 'success' | 'error'; text: string } | null;

/** The message shown after a save, cleared after SAVED_MESSAGE_MS or ERROR_MESSAGE_MS. */
export function useSaveMessage() {
  const [message, setMessage] = useState<SaveMessage>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), message.kind === 'success' ? SAVED_MESSAGE_MS : ERROR_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}
