import * as RadixTabs from 'radix-ui/tabs';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs on Radix UI's Tabs (WAI-ARIA "tabs", automatic activation): roving focus with Left/Right, Home/End;
 * only the selected panel renders.
 */
export function Tabs({
  value,
  onValueChange,
  children,
  className,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Root value={value} onValueChange={onValueChange} className={cn('tabs', className)}>
      {children}
    </RadixTabs.Root>
  );
}

export function TabsList({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <RadixTabs.List aria-label={label} className={cn('tabs__list', className)}>
      {children}
    </RadixTabs.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Trigger value={value} className="tabs__trigger">
      {children}
    </RadixTabs.Trigger>
  );
}

export function TabsContent({
  value,
  children,
  className,
}: {
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixTabs.Content value={value} className={cn('tabs__panel', className)}>
      {children}
    </RadixTabs.Content>
  );
}
