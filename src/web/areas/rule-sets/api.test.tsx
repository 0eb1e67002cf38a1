import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '../../test-utils';
import { useDebitorRuleMatch, useDepartmentCarCheck } from './index';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/departmentRuleSet/check'
      ? jsonResponse({ accepted: false, alertMessage: 'Esbjerg kan ikke tage Tesla.', minimumWorkLength: 0 })
      : jsonResponse({
          id: 'r',
          type: 'LEASING',
          user: '',
          owner: 'Ayvens Danmark A/S',
          leasing: '',
          insurrance: '',
          debitor: '20002',
          isMandatory: true,
        }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as unknown;

describe('what the order flow and the worksheet ask of the rule sets', () => {
  it('asks whether a department takes the car only with a department and a make', async () => {
    const { result, rerender } = renderHook((request: Parameters<typeof useDepartmentCarCheck>[0]) => useDepartmentCarCheck(request), {
      wrapper,
      initialProps: { departmentId: 'd1', carMake: ' ', carModel: '', orderType: 'REPLACE_FRONT' },
    });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ departmentId: 'd1', carMake: 'Tesla', carModel: 'Model 3', orderType: 'REPLACE_ROOF' });
    await waitFor(() => expect(result.current.data?.alertMessage).toBe('Esbjerg kan ikke tage Tesla.'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/departmentRuleSet/check');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('POST');
    expect(bodyOf(fetchMock.mock.calls[0]!)).toEqual({
      departmentId: 'd1',
      carMake: 'Tesla',
      carModel: 'Model 3',
      orderType: 'REPLACE_ROOF',
    });
  });

  it("asks for the debtor rule of the car's parties once one is known", async () => {
    const { result, rerender } = renderHook((parties: Parameters<typeof useDebitorRuleMatch>[0]) => useDebitorRuleMatch(parties), {
      wrapper,
      initialProps: { user: '', owner: '', leaser: '', insurance: '' },
    });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ user: 'Jens Jensen', owner: 'Ayvens Danmark A/S', leaser: 'Ayvens (ALD Automotive)', insurance: '' });
    await waitFor(() => expect(result.current.data?.isMandatory).toBe(true));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/debitorruleset/match');
    expect(bodyOf(fetchMock.mock.calls[0]!)).toEqual({
      user: 'Jens Jensen',
      owner: 'Ayvens Danmark A/S',
      leaser: 'Ayvens (ALD Automotive)',
      insurance: '',
    });
  });
});
