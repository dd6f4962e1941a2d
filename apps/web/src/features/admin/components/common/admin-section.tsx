import { useId, type ReactNode } from 'react';

/** A tab's frame: its heading (h2, naming the section), a line saying what it is for, and actions on the right. */
export function AdminSection({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="admin-section" aria-labelledby={titleId}>
      <div className="admin-section__header">
        <div>
          <h2 id={titleId} className="admin-section__title">
            {title}
          </h2>
          <p className="muted small">{description}</p>
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
