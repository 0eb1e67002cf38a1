import { ActionIcon } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { LazyTooltip } from './lazy-tooltip';

/** A row button under its tooltip, counting its presses. */
function renderButton(label: string, name: string) {
  const onClick = vi.fn();
  renderWithProviders(
    <LazyTooltip label={label}>
      <ActionIcon aria-label={name} onClick={onClick}>
        …
      </ActionIcon>
    </LazyTooltip>,
  );
  return onClick;
}

describe('LazyTooltip', () => {
  it('shows its label from the first mouse over the element, which then takes a press', async () => {
    const user = userEvent.setup();
    const onClick = renderButton('Skift status', 'Skift status for ordre 100123');
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();

    await user.hover(screen.getByRole('button', { name: 'Skift status for ordre 100123' }));
    expect(await screen.findByRole('tooltip', { hidden: true })).toHaveTextContent('Skift status');
    // The element was drawn anew inside the tooltip: a browser's press finds it where the pointer is (userEvent keeps
    // the element it was given, so it is looked up again; the browser tests press at once after the pointer arrives).
    await user.click(screen.getByRole('button', { name: 'Skift status for ordre 100123' }));
    expect(onClick).toHaveBeenCalledTimes(1);

    await user.unhover(screen.getByRole('button', { name: 'Skift status for ordre 100123' }));
    await user.click(screen.getByRole('button', { name: 'Skift status for ordre 100123' }));
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is not drawn by a touch, which shows no tooltip', async () => {
    const user = userEvent.setup();
    const onClick = renderButton('Send SMS', 'Send SMS for ordre 100123');
    await user.pointer([{ keys: '[TouchA]', target: screen.getByRole('button', { name: 'Send SMS for ordre 100123' }) }]);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });
});
