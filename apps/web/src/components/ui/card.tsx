import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: ComponentPropsWithoutRef<'section'>) {
  return <section className={cn('card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cn('card__header', className)} {...props} />;
}

type HeadingLevel = 'h1' | 'h2' | 'h3';

export function CardTitle({
  as: Heading = 'h2',
  className,
  ...props
}: ComponentPropsWithoutRef<'h2'> & { as?: HeadingLevel }) {
  return <Heading className={cn('card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentPropsWithoutRef<'p'>) {
  return <p className={cn('card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cn('card__content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cn('card__footer', className)} {...props} />;
}

/**
 * A card named by its heading: the title (with `titleId`, for `aria-labelledby` on the card and on what
 * it holds), an optional `action` beside the title (the two share a row whenever `action` is passed), an
 * optional description, then the content.
 */
export function TitledCard({
  id,
  className,
  titleId,
  title,
  titleAs,
  action,
  description,
  contentClassName,
  children,
}: {
  id?: string;
  className?: string;
  titleId: string;
  title: ReactNode;
  titleAs?: HeadingLevel;
  action?: ReactNode;
  description?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <CardTitle as={titleAs} id={titleId}>
      {title}
    </CardTitle>
  );
  return (
    <Card id={id} className={className} aria-labelledby={titleId}>
      <CardHeader>
        {action === undefined ? (
          heading
        ) : (
          <div className="card__header-row">
            {heading}
            {action}
          </div>
        )}
        {description === undefined ? null : <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
