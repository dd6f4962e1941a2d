import type { CSSProperties } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block shown while data loads. Decorative: announce the loading state next to it. */
export function Skeleton({
  className,
  width,
  height,
  circle = false,
}: {
  className?: string;
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  circle?: boolean;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn('skeleton', circle && 'skeleton--circle', className)}
      style={{ width, height }}
    />
  );
}
