import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { Autocomplete, Select, SelectStandIns } from './select';

const PLACES = [
  { value: 'ARH', label: 'Aarhus' },
  { value: 'HOR', label: 'Horsens' },
];

function Chosen({ initial = 'ARH', disabled = false }: { initial?: string | null; disabled?: boolean }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Select label="Sted" data={PLACES} value={value} onChange={setValue} disabled={disabled} error={value ? undefined : 'Vælg et sted'} />
      <output>Valgt: {value ?? 'intet'}</output>
    </>
  );
}

describe('Select and Autocomplete', () => {
  it.each([
    ['Select', <Select key="s" label="Sted" data={['Aarhus', 'Horsens']} />],
    ['Autocomplete', <Autocomplete key="a" label="Sted" data={['Aarhus', 'Horsens']} />],
  ])('%s keeps no closed list in the page and names an opened one for screen readers', async (name, field) => {
    const user = userEvent.setup();
    renderWithProviders(field);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Sted' }));
    // The Select's stand-in has handed over to Mantine's field: look the field up again.
    const input = screen.getByRole('combobox', { name: 'Sted' });
    await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
    const list = document.getElementById(input.getAttribute('aria-controls')!);
    expect(list).toHaveAttribute('role', 'listbox');
    expect(list).toHaveTextContent('AarhusHorsens');
    if (name === 'Select') expect(input).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    expect(input).not.toHaveAttribute('aria-controls');
    if (name === 'Select') expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('passes on its own open and close handlers', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    renderWithProviders(
      <Select label="Afdeling" data={['Aarhus']} onDropdownOpen={() => calls.push('open')} onDropdownClose={() => calls.push('close')} />,
    );
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('{Escape}');
    expect(calls).toEqual(['open', 'close']);
  });

  it('shows the chosen label and the error before it is touched, as the field it becomes', () => {
    const { unmount } = renderWithProviders(<Chosen />);
    const field = screen.getByRole('combobox', { name: 'Sted' });
    expect(field).toHaveValue('Aarhus');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).toHaveAttribute('aria-haspopup', 'listbox');
    unmount();
    renderWithProviders(<Chosen initial={null} />);
    expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveAccessibleDescription('Vælg et sted');
  });

  it('is chosen from with a press: the list opens at once and a choice closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Chosen />);
    await user.click(screen.getByRole('combobox', { name: 'Sted' }));
    expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveFocus();
    await user.click(await screen.findByRole('option', { name: 'Horsens', hidden: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Valgt: HOR');
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveValue('Horsens');
  });

  it.each([true, false])(
    "takes the focus from Tab and opens on the arrow key as Mantine's own field does (stand-in %s)",
    async (standIn) => {
      const user = userEvent.setup();
      renderWithProviders(
        <SelectStandIns value={standIn}>
          <Chosen initial="HOR" />
        </SelectStandIns>,
      );
      await user.tab();
      expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      await screen.findByRole('listbox', { hidden: true });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
      expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveFocus();
    },
  );

  it('keeps the list a tap opened when the same tap then clicks the field (a touch screen)', async () => {
    renderWithProviders(<Chosen />);
    fireEvent.pointerDown(screen.getByRole('combobox', { name: 'Sted' }), { button: 0, pointerType: 'touch' });
    // A phone's browser sends the tap's click to the field under the finger: the new one.
    fireEvent.click(screen.getByRole('combobox', { name: 'Sted' }));
    expect(await screen.findByRole('option', { name: 'Horsens', hidden: true })).toBeInTheDocument();
    // A second tap on the field closes the list as usual.
    fireEvent.pointerDown(document.body);
    fireEvent.click(screen.getByRole('combobox', { name: 'Sted' }));
    await waitFor(() => expect(screen.queryByRole('listbox', { hidden: true })).toBeNull());
  });

  it('does not open when it is disabled', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<Chosen disabled />);
    const field = screen.getByRole('combobox', { name: 'Sted' });
    expect(field).toBeDisabled();
    await user.click(field);
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();
  });

  it("stays Mantine's field when a clearable field is cleared, with the focus where it was", async () => {
    const user = userEvent.setup();
    function Clearable() {
      const [value, setValue] = useState<string | null>('HOR');
      return (
        <Select label="Sted" data={PLACES} value={value} onChange={setValue} clearable clearButtonProps={{ 'aria-label': 'Ryd Sted' }} />
      );
    }
    renderWithProviders(<Clearable />);
    const field = screen.getByRole('combobox', { name: 'Sted' });
    await user.click(field);
    await user.keyboard('{Escape}');
    // Mantine hides its clear button from screen readers (aria-hidden), so it has no accessible name to look up by.
    await user.click(document.querySelector<HTMLButtonElement>('button[aria-label="Ryd Sted"]')!);
    expect(screen.getByRole('combobox', { name: 'Sted' })).toHaveValue('');
    expect(field).toHaveFocus();
    // The same element: no stand-in took its place.
    expect(screen.getByRole('combobox', { name: 'Sted' })).toBe(field);
  });
});
