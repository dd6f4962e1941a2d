/**
 * The fixed catalogue of supported brokerages (docs/product.md#entities-and-fields): one popular and available, one
 * popular coming soon, three more coming soon. Slugs are the provider's upper-case identifiers.
 */
export interface CatalogueBrokerage {
  slug: string;
  name: string;
  popular: boolean;
  available: boolean;
}

export const BROKERAGE_CATALOGUE: readonly CatalogueBrokerage[] = [
  { slug: 'WEBULL', name: 'Webull', popular: true, available: true },
  { slug: 'ROBINHOOD', name: 'Robinhood', popular: true, available: false },
  { slug: 'SCHWAB', name: 'Charles Schwab', popular: false, available: false },
  { slug: 'FIDELITY', name: 'Fidelity', popular: false, available: false },
  { slug: 'ETRADE', name: 'E*TRADE', popular: false, available: false },
];

/** The one brokerage a user can connect today; the paper broker simulates it. */
export const AVAILABLE_BROKERAGE = BROKERAGE_CATALOGUE.find((brokerage) => brokerage.available)!;

export function isAvailableBrokerage(slug: string): boolean {
  return BROKERAGE_CATALOGUE.some((brokerage) => brokerage.available && brokerage.slug === slug.toUpperCase());
}
