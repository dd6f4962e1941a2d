import { useRef } from 'react';

/**
 * Radix Dialog gives focus back to its own Trigger on close; our dialogs are opened by buttons elsewhere
 * (the top bar, the feedback button). This remembers what had focus when the dialog opened and returns there.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current;
      opener.current = null;
      if (!target || !target.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
