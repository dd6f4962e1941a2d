import { AVAILABLE_BROKERAGE } from '@copytrade/contracts';
import type { ProviderBrokerage } from '../provider/provider.types';

/** The brokerage the paper broker simulates: the catalogue's available one, so the web app's matching by slug works unchanged. */
export const PAPER_BROKERAGE: ProviderBrokerage = {
  slug: AVAILABLE_BROKERAGE.slug,
  name: AVAILABLE_BROKERAGE.name,
  displayName: AVAILABLE_BROKERAGE.name,
  description: `${AVAILABLE_BROKERAGE.name} paper trading: simulated accounts, prices and fills.`,
  logoUrl: null,
};

/** The accounts a new paper connection opens with. */
export const PAPER_STARTING_ACCOUNTS = [
  { name: `${AVAILABLE_BROKERAGE.name} Individual (Paper)`, cash: '100000.00' },
  { name: `${AVAILABLE_BROKERAGE.name} Roth IRA (Paper)`, cash: '25000.00' },
] as const;

/** How long a portal link stays valid, like the provider's (5 minutes). */
export const PAPER_PORTAL_TTL_MS = 5 * 60_000;

export const PAPER_CURRENCY = 'USD';
