import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toast } from 'sonner';
import { resetCsrfToken } from '@/lib/api-client';

// jsdom lacks matchMedia; the toaster asks for it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// Screens are lazy route chunks: a file's first render imports its modules, which takes over the default 1 s
// on a loaded machine. findBy* waits up to 5 s (it still resolves as soon as the element shows).
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks pointer capture and scrollIntoView; Radix Select calls them when it opens.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  // Sonner keeps its toasts in module state and replays active ones to the next Toaster.
  toast.dismiss();
  cleanup();
  resetCsrfToken();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
