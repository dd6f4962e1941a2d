import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/ui/spinner';

/**
 * A route screen loaded on first visit (its own chunk, so `/login` does not download the dashboard).
 * `pick` names the module's export: route modules use named exports, React.lazy wants a default.
 */
export function lazyRoute<Props extends object, Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): ComponentType<Props> {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  function LazyRoute(props: Props) {
    return (
      <RouteSuspense>
        <Screen {...props} />
      </RouteSuspense>
    );
  }
  return LazyRoute;
}

/** While a route's chunk downloads: the app's page-level loading state. */
export function RouteSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner label="Loading" />}>{children}</Suspense>;
}
