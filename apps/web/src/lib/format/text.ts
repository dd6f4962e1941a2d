import type { RiskLevel } from '@copytrade/contracts';

/** `basic` → `Basic`. */
export const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** `vip` → `VIP`, others capitalised. */
export const tierLabel = (name: string): string => (name.toLowerCase() === 'vip' ? 'VIP' : capitalize(name));

export const riskLabel = (risk: RiskLevel | string): string => `${capitalize(risk)} risk`;
