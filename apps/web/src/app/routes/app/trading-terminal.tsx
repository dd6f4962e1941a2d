import { NotBuiltYet } from '@/components/ui/not-built-yet';

/** Placeholder until the screen is built. */
export function TradingTerminalRoute() {
  return <NotBuiltYet title="Trading Terminal" />;
}
