import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { authKeys } from '@/lib/auth';
import {
  connectionPortalErrorMessage,
  useCreateConnectionPortal,
  type ConnectionPortalInput,
} from '../api/create-connection-portal';
import { brokerageKeys } from '@/lib/brokerage/query-keys';

/** The portal opens in an 800×600 popup, polled every second; data is re-read 2 s after it closes. */
export const CONNECT_POPUP = {
  name: 'snaptrade-connect',
  width: 800,
  height: 600,
  pollMs: 1000,
  rereadDelayMs: 2000,
} as const;

function popupFeatures(): string {
  const { width, height } = CONNECT_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Connects a brokerage through the provider's portal (docs/product.md#settings). The popup is opened
 * at once, inside the click (so pop-up blockers allow it), and pointed at the portal URL when it arrives.
 * While it is open `connecting` is true (the button reads 'Connecting...'); once it is closed, connections,
 * accounts and the user's brokerage status are re-read after 2 seconds. If the browser blocks the popup, the
 * portal opens in this tab instead and comes back to `customRedirect`. Polling outlives the component on
 * purpose: leaving the page while the popup is open still refreshes the data once it closes.
 */
export function useConnectBrokerage({
  userId,
  customRedirect,
}: Pick<ConnectionPortalInput, 'userId' | 'customRedirect'>) {
  const queryClient = useQueryClient();
  const { mutateAsync: openPortal } = useCreateConnectionPortal();
  const [connecting, setConnecting] = useState(false);
  const busy = useRef(false);
  const timers = useRef<{ poll?: number; reread?: number }>({});

  const reread = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: brokerageKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.session() }),
    ]);
  }, [queryClient]);

  const connect = useCallback(
    async (broker: string) => {
      if (busy.current) return;
      busy.current = true;
      setConnecting(true);
      const finish = () => {
        busy.current = false;
        setConnecting(false);
      };

      const popup = window.open('', CONNECT_POPUP.name, popupFeatures());
      let connectionUrl: string;
      try {
        connectionUrl = await openPortal({ userId, broker, customRedirect });
      } catch (error) {
        popup?.close();
        console.error('Could not open the brokerage connection portal', error);
        toast.error('Error', { description: connectionPortalErrorMessage(error) });
        finish();
        return;
      }

      if (!popup) {
        // Blocked: the portal opens in this tab and comes back to customRedirect.
        window.location.assign(connectionUrl);
        return;
      }
      if (popup.closed) {
        // Closed before the portal loaded: the user cancelled.
        finish();
        return;
      }
      popup.location.href = connectionUrl;
      popup.focus?.();

      timers.current.poll = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(timers.current.poll);
        timers.current.reread = window.setTimeout(() => {
          void reread().finally(finish);
        }, CONNECT_POPUP.rereadDelayMs);
      }, CONNECT_POPUP.pollMs);
    },
    [customRedirect, openPortal, reread, userId],
  );

  return { connect, connecting };
}
