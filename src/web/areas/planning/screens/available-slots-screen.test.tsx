import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAvailableSlotsDepartment } from '@/domain/planning/planning.schemas';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { NO_DEPARTMENTS } from '../components/slot-table';
import { AvailableSlotsScreen, LEAVE_CONFIRMATION } from './available-slots-screen';
import { AvailableSlotsJutlandScreen } from './region-slots-screen';

const week = ['2025-06-05', '2025-06-06', '2025-06-07', '2025-06-08', '2025-06-09', '2025-06-10', '2025-06-11'];

/** A department whose weekend is closed, with `free` places of each kind on the open days (the first day as given). */
function department(name: string, free: number, first: [number, number] = [free, free]): TAvailableSlotsDepartment {
  return {
    departmentId: `id-${name}`,
    name,
    zipCode: '8000',
    availableSlots: week.map((date, i) => {
      const closed = date === '2025-06-07' || date === '2025-06-08';
      const [w, s] = i === 0 ? first : [free, free];
      const state = (n: number) => (closed ? 'CLOSED' : n > 0 ? 'FREE' : 'FULL');
      return {
        date: `${date}T00:00:00`,
        closed,
        windowReplacementAvailableSlots: closed ? null : w,
        stoneChipAvailableSlots: closed ? null : s,
        windowReplacementState: state(w),
        stoneChipState: state(s),
      };
    }),
  };
}

const fetchMock = vi.fn<typeof fetch>();
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/user/userinfo') return jsonResponse(testUser('KS', ['CustomerService']));
    if (url === '/api/availableslots/getAll') {
      // Evening at Skive: today's time is over (blank, counted as closed); Viborg is new and has no stone-chip slots.
      const skive = department('Skive', 9);
      skive.availableSlots[0] = {
        ...skive.availableSlots[0]!,
        closed: true,
        windowReplacementAvailableSlots: null,
        stoneChipAvailableSlots: null,
        windowReplacementState: 'OVER',
        stoneChipState: 'OVER',
      };
      const viborg = department('Viborg', 2);
      viborg.availableSlots = viborg.availableSlots.map((d) =>
        d.closed ? d : { ...d, stoneChipAvailableSlots: null, stoneChipState: 'NO_SLOTS' },
      );
      return jsonResponse({
        julandDepartments: [department('Aarhus', 3, [0, 2]), department('Randers', 1), skive, viborg],
        fynDepartmens: [department('Odense', 2)],
        sjaellandDepartments: [],
      });
    }
    if (url.startsWith('/api/availableslots/getByRegion?')) return jsonResponse({ data: [department('Odense', 4)] });
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Ledige slots', () => {
  it('shows one table per region: day of month, Montering and Reparationer, zeros highlighted, closed days blank, the placeholder row', async () => {
    renderWithProviders(<AvailableSlotsScreen />, { path: '/available-slots' });
    const jylland = await screen.findByRole('table', { name: 'Ledige slots Jylland' });
    const [days, kinds, aarhus] = within(jylland).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(
      within(days)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Afdeling', '5', '6', '7', '8', '9', '10', '11']);
    expect(
      within(kinds)
        .getAllByRole('columnheader')
        .slice(0, 2)
        .map((c) => c.textContent),
    ).toEqual(['Montering', 'Reparationer']);
    expect(within(aarhus).getByRole('rowheader')).toHaveTextContent('Aarhus');
    const cells = within(aarhus).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['0', '2', '3', '3', '', '', '', '', '3', '3', '3', '3', '3', '3']);
    expect(cells[0]).toHaveAttribute('data-zero');
    expect(cells[1]).not.toHaveAttribute('data-zero');
    expect(cells[4]).toHaveAttribute('data-closed');

    // A day whose time is over is blank, not red, and says so; a kind without slots is blank, not a full day.
    const skive = within(jylland).getByRole('rowheader', { name: 'Skive' }).closest('tr')!;
    const skiveCells = within(skive as HTMLElement).getAllByRole('cell');
    expect(skiveCells.slice(0, 4).map((c) => c.textContent)).toEqual(['', '', '9', '9']);
    expect(skiveCells[0]).not.toHaveAttribute('data-zero');
    expect(skiveCells[0]).toHaveAccessibleName('Montering 5.: tiderne er passeret');
    const viborg = within(jylland).getByRole('rowheader', { name: 'Viborg' }).closest('tr')!;
    const viborgCells = within(viborg as HTMLElement).getAllByRole('cell');
    expect(viborgCells.slice(0, 2).map((c) => c.textContent)).toEqual(['2', '']);
    expect(viborgCells[1]).toHaveAccessibleName('Reparationer 5.: ingen tider');
    expect(within(jylland).queryByText(NO_DEPARTMENTS)).not.toBeInTheDocument();

    const sjaelland = screen.getByRole('table', { name: 'Ledige slots Sjælland' });
    const placeholder = within(sjaelland).getAllByRole('row')[2]!;
    expect(within(placeholder).getByRole('rowheader')).toHaveTextContent(NO_DEPARTMENTS);
    expect(
      within(placeholder)
        .getAllByRole('cell')
        .every((c) => c.textContent === '0'),
    ).toBe(true);
    expect(document.title).toBe('Ledige slots – Rudeplan');
  });

  it("searches one region after it is chosen, and 'Tilbage' returns to all regions", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AvailableSlotsScreen />, { path: '/available-slots' });
    await screen.findByRole('table', { name: 'Ledige slots Jylland' });
    const search = screen.getByRole('button', { name: 'Søg' });
    expect(search).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'Fyn');
    expect(search).toBeEnabled();
    await user.click(screen.getByText('1 dag'));
    await user.click(search);
    const fyn = await screen.findByRole('table', { name: 'Ledige slots Fyn' });
    expect(within(fyn).getByRole('rowheader', { name: 'Odense' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Ledige slots Jylland' })).not.toBeInTheDocument();
    const asked = new URL(
      urls().find((u) => u.includes('getByRegion'))!,
      'http://x',
    ).searchParams;
    expect(asked.get('region')).toBe('Fyn');
    expect(asked.get('days')).toBe('1');
    expect(asked.get('startDateTime')).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);

    await user.click(screen.getByRole('button', { name: 'Tilbage' }));
    expect(await screen.findByRole('table', { name: 'Ledige slots Jylland' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveValue('');
    expect(search).toBeDisabled();
  });

  it('opens a regional view in a new tab only after the confirmation', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderWithProviders(<AvailableSlotsScreen />, { path: '/available-slots' });
    await user.click(await screen.findByRole('button', { name: 'Jylland visning' }));
    expect(await screen.findByText(LEAVE_CONFIRMATION)).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/available-slots-jutland', '_blank', 'noopener'));
  });
});

describe('the Jylland view', () => {
  it("shows only Jylland's table, large, with 'Sidst opdateret'", async () => {
    renderWithProviders(<AvailableSlotsJutlandScreen />, { path: '/available-slots-jutland' });
    const table = await screen.findByRole('table', { name: 'Ledige slots Jylland' });
    expect(table.closest('.region-page')).not.toBeNull();
    expect(screen.queryByRole('table', { name: 'Ledige slots Fyn' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Sidst opdateret \d{2}:\d{2}$/)).toBeInTheDocument();
  });
});
