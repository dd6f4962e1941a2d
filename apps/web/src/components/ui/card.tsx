import type { ComponentPropsWithoutRef } from 'react';
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
