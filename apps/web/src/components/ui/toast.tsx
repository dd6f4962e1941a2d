import { Toaster as SonnerToaster, toast } from 'sonner';

/** Seed 000 §9 toast defaults: bottom right, up to 3 visible, Alt+T moves focus to them. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      visibleToasts={3}
      hotkey={['altKey', 'KeyT']}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ className: 'toast' }}
    />
  );
}

export { toast };
