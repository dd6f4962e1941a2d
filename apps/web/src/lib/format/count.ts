const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts the way the product shows them: 950, 1.2K, 3.4M (DESIGN: "K counts"). */
export const formatCount = (value: number): string => compact.format(Number.isFinite(value) ? value : 0);
