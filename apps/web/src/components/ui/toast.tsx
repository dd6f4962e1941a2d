import { Toaster as SonnerToaster, toast } from 'sonner';

/**
 * Toast defaults (docs/product.md#top-bar): bottom right, up to 3 visible, Alt+T moves focus to them. They sit a little
 * higher than sonner's default so they never cover the floating feedback button in the same corner.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      theme="dark"
      richColors
      closeButton
      offset={{ bottom: 72, right: 24 }}
      toastOptions={{ className: 'toast' }}
    />
  );
}

export { toast };
