import { ActionIcon, Menu } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { LazyMenu } from './lazy-menu';

function RowMenu({ onStatus }: { onStatus: () => void }) {
  return (
    <LazyMenu position="bottom-end" target={<ActionIcon aria-label="Handlinger for ordre 100123">…</ActionIcon>}>
      <Menu.Item onClick={onStatus}>Skift status</Menu.Item>
      <Menu.Item>Send SMS</Menu.Item>
    </LazyMenu>
  );
}

describe('LazyMenu', () => {
  it('is its button alone until pressed, then opens the menu at once and runs the chosen item', async () => {
    const user = userEvent.setup();
    const onStatus = vi.fn();
    renderWithProviders(<RowMenu onStatus={onStatus} />);
    const button = screen.getByRole('button', { name: 'Handlinger for ordre 100123' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu', { hidden: true })).toBeNull();

    await user.click(button);
    // jsdom does not lay out Mantine's dropdown, so its items count as hidden (as in the worksheet's tests).
    expect(await screen.findByRole('menuitem', { name: 'Skift status', hidden: true })).toBeInTheDocument();
    // Drawn anew inside Mantine's menu: the button says the menu is open.
    expect(screen.getByRole('button', { name: 'Handlinger for ordre 100123' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('menuitem', { name: 'Skift status', hidden: true }));
    expect(onStatus).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Skift status', hidden: true })).toBeNull());

    // Once Mantine's menu, it opens and closes as one.
    await user.click(screen.getByRole('button', { name: 'Handlinger for ordre 100123' }));
    expect(await screen.findByRole('menuitem', { name: 'Send SMS', hidden: true })).toBeInTheDocument();
  });

  it('opens from the keyboard, keeping the focus on the menu', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RowMenu onStatus={() => undefined} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Handlinger for ordre 100123' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { hidden: true });
    await waitFor(() =>
      expect(
        menu.contains(document.activeElement) ||
          screen.getByRole('button', { name: 'Handlinger for ordre 100123' }) === document.activeElement,
      ).toBe(true),
    );
    expect(document.activeElement).not.toBe(document.body);
  });
});
