import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { createTestQueryClient, jsonResponse } from '../../test-utils';
import { useDepartmentSummaries, useSaveDepartment } from './api';
import { demoDepartment } from './test-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

/** A summary as the server answers it: the department without its hours and slots. */
function summaryOf(name: string): TDepartmentSummary {
  const {
    openingHours: _openingHours,
    specificOpeningHours: _specificOpeningHours,
    windowReplaceTimeSlots: _windowReplaceTimeSlots,
    specificWindowReplaceTimeSlots: _specificWindowReplaceTimeSlots,
    stoneChipTimeSlots: _stoneChipTimeSlots,
    specificStoneChipTimeSlots: _specificStoneChipTimeSlots,
    ...summary
  } = demoDepartment({ name });
  return summary;
}

let name = 'Aarhus';
beforeEach(() => {
  name = 'Aarhus';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === 'PUT' ? jsonResponse(demoDepartment({ name })) : jsonResponse([summaryOf(name)]),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderSummariesAndSave() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => ({ summaries: useDepartmentSummaries(), save: useSaveDepartment() }), { wrapper });
}

describe('the department summaries (calendar, mobile-service map)', () => {
  it('are read from GET /api/departments/summaries, not the whole list with its slots', async () => {
    const { result } = renderSummariesAndSave();
    await waitFor(() => expect(result.current.summaries.isSuccess).toBe(true));
    expect(calls()).toEqual(['GET /api/departments/summaries']);
    expect(result.current.summaries.data![0]).not.toHaveProperty('windowReplaceTimeSlots');
  });

  it('are refetched after a department is saved, so a renamed department shows its new name', async () => {
    const { result } = renderSummariesAndSave();
    await waitFor(() => expect(result.current.summaries.data?.[0]?.name).toBe('Aarhus'));
    name = 'Aarhus Syd';
    await act(() => result.current.save.mutateAsync({ ...demoDepartment({ name }) }));
    await waitFor(() => expect(result.current.summaries.data?.[0]?.name).toBe('Aarhus Syd'));
    expect(calls()).toEqual(['GET /api/departments/summaries', 'PUT /api/departments/departments', 'GET /api/departments/summaries']);
  });
});
