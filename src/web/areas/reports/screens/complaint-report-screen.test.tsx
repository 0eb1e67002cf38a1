import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monthBack } from '@/domain/order-lists';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { ComplaintReportScreen } from './complaint-report-screen';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/complaint/reasons')
      return jsonResponse({
        internal: [{ id: '1', text: 'Montagefejl opdaget internt' }],
        customer: [
          { id: '2', text: 'Vindstøj' },
          { id: '3', text: 'Andet' },
        ],
      });
    if (url === '/api/departments/names')
      return jsonResponse([
        { id: 'd1', name: 'Aarhus', navLocationCode: 'ARH', mobileService: false, inActive: false },
        { id: 'd2', name: 'Odense', navLocationCode: 'ODE', mobileService: false, inActive: false },
      ]);
    if (url === '/api/user/usersinrole/Operation')
      return jsonResponse([{ id: '66666666-6666-4666-8666-666666666666', name: 'Ole Pedersen', initials: 'OP' }]);
    if (url === '/api/complaint/report')
      return new Response('\uFEFFOrdrenr.\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('Reklamation Rapport', () => {
  it('takes one cause code at a time, departments and fitters, and posts the filter for the CSV', async () => {
    renderWithProviders(<ComplaintReportScreen />);
    expect(await screen.findByRole('heading', { name: 'Reklamation Rapport' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Årsagskoder/ }));
    const wind = await screen.findByRole('checkbox', { name: 'Vindstøj' });
    await user.click(wind);
    expect(screen.getByRole('checkbox', { name: 'Montagefejl opdaget internt' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Andet' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Afdeling/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'ODE' }));
    await user.click(screen.getByRole('button', { name: /Montør/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Ole Pedersen (OP)' }));
    await user.click(screen.getByRole('combobox', { name: 'Reklamationstype' }));
    await user.click(await screen.findByRole('option', { name: 'Intern Reklamation', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/complaint/report', expect.objectContaining({ method: 'POST' })));
    const init = fetchMock.mock.calls.find((c) => c[0] === '/api/complaint/report')![1]!;
    const range = monthBack(new Date());
    expect(JSON.parse(String(init.body))).toEqual({
      issues: ['Vindstøj'],
      operators: ['66666666-6666-4666-8666-666666666666'],
      departments: ['ODE'],
      byOtherIssue: false,
      complaintType: 'INTERNAL_COMPLAINT',
      fromDate: range.from,
      toDate: range.to,
    });
    expect(init.headers).toMatchObject({ Accept: 'text/csv' });
    expect(await screen.findByText('Reklamation Rapport er hentet')).toBeInTheDocument();
  });

  it('names the buttons that clear the dates, and a cleared date leaves the filter', async () => {
    renderWithProviders(<ComplaintReportScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ryd Fra dato' }));
    await user.click(screen.getByRole('button', { name: 'Ryd Til dato' }));
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/complaint/report', expect.anything()));
    const init = fetchMock.mock.calls.find((c) => c[0] === '/api/complaint/report')![1]!;
    expect(JSON.parse(String(init.body))).not.toHaveProperty('fromDate');
    expect(JSON.parse(String(init.body))).not.toHaveProperty('toDate');
  });
});
