import { useState } from 'react';
import { cn } from '@/lib/cn';

function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || '?';
}

/**
 * A round picture, or the name's initials when there is none (or it fails to load).
 * Decorative by default: the name is expected next to it. Pass `label` when it stands alone.
 */
export function Avatar({
  src,
  name,
  size = 28,
  label,
  className,
}: {
  src?: string | null;
  name: string;
  size?: number;
  label?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) };
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };

  if (src && !failed) {
    return (
      <img
        src={src}
        alt={label ?? ''}
        className={cn('avatar', className)}
        style={style}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span className={cn('avatar avatar--fallback', className)} style={style} {...a11y}>
      {initialsOf(name)}
    </span>
  );
}
