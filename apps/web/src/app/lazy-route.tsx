import { isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FullPageSpinner } from '@/components/ui/spinner';

/** A lazily loaded route screen; `preload()` starts downloading its chunk before it renders. */
export type LazyRouteComponent<Props extends object> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * A route screen loaded on first visit (its own chunk, so `/login` does not download the dashboard).
 * `pick` names the module's export: route modules use named exports, React.lazy wants a default.
 */
export function lazyRoute<Props extends object, Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType<Props>,
): LazyRouteComponent<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  // One download for preload() and render; a failed one (network) is tried again next time.
  const loadOnce = () =>
    (loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Screen = lazy(loadOnce);
  function LazyRoute(props: Props) {
    return (
      <RouteSuspense>
        <Screen {...props} />
      </RouteSuspense>
    );
  }
  return Object.assign(LazyRoute, { preload: loadOnce });
}

/** The lazy screens in a route element, wrappers included (`<ProtectedRoute><AppRoot /></ProtectedRoute>`). */
export function lazyScreensIn(node: ReactNode): LazyRouteComponent<object>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const own =
    typeof node.type === 'function' && 'preload' in node.type ? [node.type as LazyRouteComponent<object>] : [];
  const children = node.props.children;
  return [...own, ...(Array.isArray(children) ? children : [children]).flatMap(lazyScreensIn)];
}

/** While a route's chunk downloads: the app's page-level loading state. */
export function RouteSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner label="Loading" />}>{children}</Suspense>;
}
