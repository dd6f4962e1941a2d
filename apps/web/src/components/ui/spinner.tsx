import { cn } from '@/lib/cn';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('spinner-wrap', className)}>
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Fills the viewport while something the whole page depends on loads (session, maintenance status). */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="full-page-center">
      <Spinner label={label} className="spinner-wrap--lg" />
    </div>
  );
}
