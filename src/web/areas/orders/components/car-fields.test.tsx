import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCar } from '@/domain/orders/order.schemas';
import { emptyOrder } from '@/domain/orders/order.schemas';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { CarFields, NO_MAKE_TEXT, yearOptions } from './car-fields';

const MANUFACTURERS = [
  { manuId: 121, manuName: 'Volkswagen' },
  { manuId: 5, manuName: 'Audi' },
];
const MODELS = [
  { modelId: 12101, modelName: 'Golf VII', yearOfConstrFrom: 201211, yearOfConstrTo: 202003 },
  { modelId: 12102, modelName: 'Golf VIII', yearOfConstrFrom: 201910, yearOfConstrTo: 0 },
];

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/car/manufacturers') return jsonResponse(MANUFACTURERS);
    if (url === '/api/car/models?manuId=121') return jsonResponse(MODELS);
    if (url === '/api/insurers') return jsonResponse([{ name: 'Tryg', bilStatistikName: 'TRYG FORSIKRING A/S', cashDebitorId: '11001' }]);
    if (url === '/api/leasers') return jsonResponse([{ name: 'LeasePlan' }]);
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

let latest: TCar = emptyOrder().car;

function Harness() {
  const [car, setCar] = useState<TCar>(emptyOrder().car);
  latest = car;
  return <CarFields car={car} onChange={(change) => setCar((c) => change(c))} />;
}

async function pick(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // Mantine's dropdown is still in its opening transition in jsdom, so the option counts as hidden.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('car fields', () => {
  it('says a make must be chosen first while none is, in the model list too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const model = screen.getByRole('combobox', { name: /^Model/ });
    expect(model).toHaveAttribute('placeholder', NO_MAKE_TEXT);
    await user.click(model);
    expect(await screen.findByText(NO_MAKE_TEXT, { selector: '.mantine-Select-empty' })).toBeInTheDocument();
  });

  it('lists the models of the chosen make and the years from the model start to its end', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/car/manufacturers', expect.anything()));
    await pick(user, /^Bilmærke/, 'Volkswagen');
    expect(latest).toMatchObject({ manuId: 121, make: 'Volkswagen', modId: 0, model: '' });

    await pick(user, /^Model/, 'Golf VII');
    expect(latest).toMatchObject({ modId: 12101, model: 'Golf VII', modelYear: null });

    await user.click(screen.getByRole('combobox', { name: /^Årgang/ }));
    const listbox = await screen.findByRole('listbox', { name: /^Årgang/, hidden: true });
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent),
    ).toEqual(['2012', '2013', '2014', '2015', '2016', '2017', '2018', '2019', '2020']);
    await user.click(within(listbox).getByRole('option', { name: '2016', hidden: true }));
    expect(latest.modelYear).toBe(2016);
  });

  it('clears model and year when another make is chosen', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await pick(user, /^Bilmærke/, 'Volkswagen');
    await pick(user, /^Model/, 'Golf VII');
    await pick(user, /^Bilmærke/, 'Audi');
    expect(latest).toMatchObject({ manuId: 5, make: 'Audi', modId: 0, model: '', modelYear: null });
  });

  it('runs an open-ended model up to the current year', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(yearOptions(MODELS[1], now)).toEqual(['2019', '2020', '2021', '2022', '2023', '2024', '2025', '2026']);
    expect(yearOptions(undefined, now)).toEqual([]);
  });
});

describe('a plate the registry gives no car for (issue 42)', () => {
  it.each([
    [404, 'Bilen blev ikke fundet', 'Bilen blev ikke fundet. Udfyld bilens mærke, model og årgang selv.'],
    [
      424,
      'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
      'Bilregistret kunne ikke slås op lige nu. Udfyld bilens mærke, model og årgang selv.',
    ],
  ])('after a %i says why and lets the car be entered by hand, keeping the plate', async (status, message, shown) => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/car/manufacturers') return jsonResponse(MANUFACTURERS);
      if (url === '/api/car/models?manuId=121') return jsonResponse(MODELS);
      if (url.startsWith('/api/car/search/'))
        return jsonResponse({ status, type: 'GENERIC_ERROR', message, errors: null, stackTrace: null }, { status });
      return jsonResponse([]);
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.type(screen.getByRole('textbox', { name: 'Registreringsnummer' }), 'cd98765');
    await user.click(screen.getByRole('button', { name: 'Søg bil' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(latest.registrationNumber).toBe('CD98765');
    await pick(user, /^Bilmærke/, 'Volkswagen');
    expect(latest).toMatchObject({ manuId: 121, make: 'Volkswagen', registrationNumber: 'CD98765' });
  });
});
