import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** Placeholder until the screen is built. */
export function MyCopiesRoute() {
  return <NotBuiltYet title="My Copy Trades" />;
}
