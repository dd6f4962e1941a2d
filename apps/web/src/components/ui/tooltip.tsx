import * as RadixTooltip from 'radix-ui/tooltip';
import type { ComponentPropsWithRef, ReactNode } from 'react';

/**
 * A tooltip on Radix UI's Tooltip: shown on hover and keyboard focus of `children` (one focusable element),
 * hidden on Escape, and exposed as the trigger's description. Never put the only name of a control in it.
 */
export function Tooltip({
  content,
  children,
  side = 'top',
}: {
  content: ReactNode;
  children: ReactNode;
  side?: ComponentPropsWithRef<typeof RadixTooltip.Content>['side'];
}) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content side={side} sideOffset={6} collisionPadding={8} className="tooltip">
            {content}
            <RadixTooltip.Arrow className="tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
