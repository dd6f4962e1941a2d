import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Picks `option` (its visible label) in a `Select` (Radix: a combobox button and a listbox in a portal). */
export async function chooseOption(user: UserEvent, combobox: HTMLElement, option: string | RegExp): Promise<void> {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}
