import type { RiskLevel } from '@copytrade/contracts';

/** `basic` → `Basic`. */
export const capitalize = (value: string): string => value.charAt(0).toUpperCase() + value.slice(1);

/** `vip` → `VIP`, others capitalised. */
export const tierLabel = (name: string): string => (name.toLowerCase() === 'vip' ? 'VIP' : capitalize(name));

export const riskLabel = (risk: RiskLevel | string): string => `${capitalize(risk)} risk`;

/** A count badge: the number up to `max`, then `max+` (`99+`). */
export const formatCountBadge = (count: number, max: number): string => (count > max ? `${max}+` : String(count));
