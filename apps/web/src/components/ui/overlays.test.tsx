import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubResizeObserver } from '@/testing/resize-observer';
import { Button } from './button';
import { Popover, PopoverClose } from './popover';
import { Tooltip } from './tooltip';

describe('Popover', () => {
  it('opens-from-its-trigger-closes-on-escape-and-returns-focus', async () => {
    const user = userEvent.setup();
    render(
      <Popover label="Order options" trigger={<Button>Options</Button>}>
        <p>Limit price</p>
        <PopoverClose className="btn btn--sm btn--ghost">Done</PopoverClose>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Options' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Order options' })).toHaveTextContent('Limit price');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Order options' })).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Order options' })).not.toBeInTheDocument();
  });
});

describe('Tooltip', () => {
  it('shows-on-keyboard-focus-as-the-triggers-description-and-hides-on-escape', async () => {
    // jsdom has no ResizeObserver; the tooltip's arrow measures itself with one.
    stubResizeObserver();
    const user = userEvent.setup();
    render(
      <Tooltip content="Realised and unrealised">
        <Button>P&amp;L</Button>
      </Tooltip>,
    );
    await user.tab();
    const trigger = screen.getByRole('button', { name: 'P&L' });
    expect(trigger).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Realised and unrealised');
    expect(trigger).toHaveAccessibleDescription('Realised and unrealised');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
