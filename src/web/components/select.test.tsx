import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils';
import { Autocomplete, Select } from './select';

describe('Select and Autocomplete', () => {
  it.each([
    ['Select', <Select key="s" label="Sted" data={['Aarhus', 'Horsens']} />],
    ['Autocomplete', <Autocomplete key="a" label="Sted" data={['Aarhus', 'Horsens']} />],
  ])('%s keeps no closed list in the page and names an opened one for screen readers', async (name, field) => {
    const user = userEvent.setup();
    renderWithProviders(field);
    const input = screen.getByLabelText('Sted');
    expect(screen.queryByRole('listbox', { hidden: true })).toBeNull();

    await user.click(input);
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
});
