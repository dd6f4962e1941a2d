import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/react-query';

// The toast library loads apart from the entry: toasts only follow actions, long after the first page shows.
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toast')).Toaster }));

/** App-wide providers: the query client (all server state) and the toaster (bottom right, 3, Alt+T). */
export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
