import type { ReactNode } from 'react';

/** The honest stand-in for a documented screen that the walking skeleton does not build yet. */
export function NotBuiltYet({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <title>{`${title} · CopyTrade`}</title>
      <h1 className="page__title">{title}</h1>
      <p className="page__note">This screen is not built yet.</p>
      {children}
    </div>
  );
}
