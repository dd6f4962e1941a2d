import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { Brand } from './brand';

/** Pages outside the signed-in shell: landing, beta entry, sign in, password reset, not found. */
export function PublicLayout({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <div className="public-layout">
      {title ? <title>{`${title} · CopyTrade`}</title> : null}
      <header className="public-layout__header">
        <Link to={paths.home.getHref()} className="public-layout__brand">
          <Brand />
        </Link>
        <Badge variant="new">Closed Beta</Badge>
      </header>
      <main className="public-layout__main">{children}</main>
    </div>
  );
}
