/** How traders are shown on cards and lists: their handle and their counts. */

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Counts the way the product shows them: 950, 1.2K, 3.4M (DESIGN: "K counts"). */
export const formatCount = (value: number): string => compact.format(Number.isFinite(value) ? value : 0);

/** Handles are shown with their leading '@'. */
export const formatHandle = (handle: string): string => (handle.startsWith('@') ? handle : `@${handle}`);
