import { cn } from '@/lib/cn';

export const PRODUCT_NAME = 'CopyTrade';

/** The product's mark and name. `compact` shows only the mark (collapsed sidebar). */
export function Brand({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <span className={cn('brand', className)}>
      <svg className="brand__mark" width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect width="24" height="24" rx="6" fill="currentColor" />
        <path
          d="M5 15l4-4 3 3 7-7"
          stroke="#0b0e14"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={compact ? 'sr-only' : 'brand__name'}>{PRODUCT_NAME}</span>
    </span>
  );
}
