import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCapacityOption, TForecast } from '@/domain/capacity/capacity.schemas';
import { createQueryClient } from '../../../lib/query-client';
import { jsonResponse, renderWithProviders, testUser } from '../../../test-utils';
import { CapacityOptimizationScreen } from './capacity-optimization-screen';

const AARHUS = '00000000-0000-4000-8000-000000000001';
const RANDERS = '00000000-0000-4000-8000-000000000002';

const move: TCapacityOption = {
  id: `MOVE_WORKER:${RANDERS}:${AARHUS}`,
  type: 'MOVE_WORKER',
  name: 'Flyt montør',
  fromDepartmentId: RANDERS,
  toDepartmentId: AARHUS,
  fromDepartment: 'Randers',
  toDepartment: 'Aarhus',
  fromLocationCode: 'RAN',
  toLocationCode: 'ARH',
  score: 73,
  reason: 'Aarhus har 9 dages leveringstid, Randers 1 dag, 35 km væk.',
  fromReplaceDeliveryTime: 1,
  fromRepairDeliveryTime: 0,
  toReplaceDeliveryTime: 9,
  toRepairDeliveryTime: 2,
  isMobileDepartment: false,
  fromAvailableRepairSlots: 4,
  fromAvailableReplaceSlots: 6,
  movedSlots: 2,
  distanceKm: 35,
  trendReplaceValue: 80,
  trendRepairValue: 0,
};

const forecast: TForecast = {
  deliveries: [],
  lookupDate: '2026-03-02T00:00:00',
  stoneToReplaceDate: '2026-03-04T00:00:00',
  replaceDeliveryTime: 2,
  repairDeliveryTime: 2,
};

let calls: Array<{ url: string; body: unknown }>;
let failSave = false;
let failFind = false;

function stub(roles: string[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/user/userinfo') return jsonResponse(testUser(roles.includes('Adminstrator') ? 'ADM' : 'OP', roles));
      if (url === '/api/CapacityOptimization/tryFind') {
        return failFind
          ? jsonResponse({ status: 500, type: 'GENERIC_ERROR', message: 'Der opstod en fejl' }, { status: 500 })
          : jsonResponse([move]);
      }
      if (url === '/api/CapacityOptimization/AddTrainingData') {
        return failSave
          ? jsonResponse({ status: 500, type: 'GENERIC_ERROR', message: 'Der opstod en fejl' }, { status: 500 })
          : jsonResponse({ id: 'x', createdBy: 'Bruger OP', createdAt: '2026-03-02T10:00:00' });
      }
      if (url === '/api/CapacityOptimization/DeliveryForcast') return jsonResponse(forecast);
      return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
    }),
  );
}

beforeEach(() => {
  calls = [];
  failSave = false;
  failFind = false;
});
afterEach(() => vi.unstubAllGlobals());

describe('Kapacitetsoptimering', () => {
  it('searches with Min leverings tid, lists the department with delivery times and trends, and saves a suggestion', async () => {
    stub(['Operation']);
    const user = userEvent.setup();
    renderWithProviders(<CapacityOptimizationScreen />, { path: '/capacity-optimization' });
    const input = screen.getByLabelText('Min leverings tid');
    expect(input).toHaveValue('3');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Søg efter optimeringsmuligheder' }));
    expect(calls.find((c) => c.url === '/api/CapacityOptimization/tryFind')?.body).toEqual({ minDeliveryTime: 5 });

    const table = await screen.findByRole('table', { name: 'Afdelinger med optimeringsmuligheder' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Aarhus');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['9 dage', '2 dage', '1', 'Se løsningsforslag']);
    expect(within(row).getByRole('img', { name: 'Kraftigt over regionens gennemsnit (+80 %)' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'På niveau regionens gennemsnit (0 %)' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Hent træningsdata/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Se løsningsforslag for Aarhus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Løsningsforslag for Aarhus' });
    const suggestion = within(dialog).getByRole('article', { name: 'Flyt montør: Randers → Aarhus' });
    expect(suggestion).toHaveTextContent('Aarhus har 9 dages leveringstid, Randers 1 dag, 35 km væk.');
    expect(suggestion).toHaveTextContent('Score 73');

    await user.click(within(suggestion).getByRole('button', { name: 'Vis prognose' }));
    expect(await within(suggestion).findByRole('status')).toHaveTextContent(
      'Prognose for Aarhus: rudeskift 2 dage, stenslag 2 dage; første ledige rudeskift 04/03-2026',
    );
    expect(calls.find((c) => c.url === '/api/CapacityOptimization/DeliveryForcast')?.body).toEqual({
      departmentId: AARHUS,
      mobileService: false,
      replace: 1,
      repair: 0,
    });

    await user.click(within(suggestion).getByRole('button', { name: 'Gem som træningsdata' }));
    expect(await screen.findByText('Api: "Training data saved"')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/CapacityOptimization/AddTrainingData')?.body).toEqual(move);
    expect(within(suggestion).getByRole('button', { name: 'Gemt som træningsdata' })).toBeDisabled();
  });

  it('shows the spec toast when saving fails, and the CSV link to an administrator', async () => {
    stub(['Adminstrator']);
    failSave = true;
    const user = userEvent.setup();
    // The app's own query client: its error handling shows the toast named by the call.
    renderWithProviders(<CapacityOptimizationScreen />, { path: '/capacity-optimization', queryClient: createQueryClient() });
    expect(await screen.findByRole('link', { name: /Hent træningsdata \(CSV\)/ })).toHaveAttribute(
      'href',
      '/api/CapacityOptimization/trainingData.csv',
    );
    await user.click(screen.getByRole('button', { name: 'Søg efter optimeringsmuligheder' }));
    await user.click(await screen.findByRole('button', { name: 'Se løsningsforslag for Aarhus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Løsningsforslag for Aarhus' });
    await user.click(within(dialog).getByRole('button', { name: 'Gem som træningsdata' }));
    expect(await screen.findByText('Api: "adding training data failed"')).toBeInTheDocument();
  });

  it('shows the spec toast when the search fails', async () => {
    stub(['Operation']);
    failFind = true;
    const user = userEvent.setup();
    renderWithProviders(<CapacityOptimizationScreen />, { path: '/capacity-optimization', queryClient: createQueryClient() });
    await user.click(screen.getByRole('button', { name: 'Søg efter optimeringsmuligheder' }));
    expect(await screen.findByText('Api: "Try Find CapacityOptimization failed"')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
