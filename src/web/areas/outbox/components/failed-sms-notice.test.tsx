import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TOutboxMessage } from '@/domain/outbox/outbox';
import { jsonResponse, renderWithProviders, waitForQueriesSettled } from '../../../test-utils';
import { FailedSmsNotice } from './failed-sms-notice';

const ORDER = '66666666-6666-4666-8666-666666666666';
const sms = (overrides: Partial<TOutboxMessage>): TOutboxMessage => ({
  id: '77777777-7777-4777-8777-777777777777',
  channel: 'SMS',
  kind: 'SMS_ON_MY_WAY',
  recipient: '+4530000003',
  subject: '',
  body: 'Vi er på vej',
  status: 'SENT',
  attempts: 1,
  lastError: '',
  transport: 'gatewayapi',
  orderId: ORDER,
  createdAt: '2026-12-07T09:15:00',
  nextAttemptAt: '2026-12-07T09:15:00',
  deliveredAt: '2026-12-07T09:15:01',
  deliveryStatus: '',
  deliveryDetail: '',
  deliveryReportedAt: null,
  ...overrides,
});

function answer(messages: TOutboxMessage[]) {
  const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(messages));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
afterEach(() => vi.unstubAllGlobals());

describe('FailedSmsNotice', () => {
  it("says on the worksheet that the 'på vej' SMS was not delivered, with the provider's words", async () => {
    const fetchMock = answer([sms({ deliveryStatus: 'UNDELIVERED', deliveryDetail: 'EXPIRED' })]);
    renderWithProviders(<FailedSmsNotice orderId={ORDER} />);
    expect(await screen.findByText("SMS'en 'På vej' blev ikke leveret")).toBeInTheDocument();
    expect(screen.getByText(/til \+4530000003 \(EXPIRED\)\. Ring til kunden/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toBe(`/api/outbox/order/${ORDER}/sms`);
  });

  it('also when the outbox gave up sending it', async () => {
    answer([sms({ status: 'FAILED', lastError: "GatewayAPI afviste SMS'en (HTTP 400)" })]);
    renderWithProviders(<FailedSmsNotice orderId={ORDER} />);
    expect(await screen.findByText(/GatewayAPI afviste SMS'en \(HTTP 400\)/)).toBeInTheDocument();
  });

  it('shows nothing for a delivered or still sent one, nor for an older failure', async () => {
    const fetchMock = answer([
      sms({ deliveryStatus: 'DELIVERED', deliveryDetail: 'DELIVERED' }),
      sms({ id: '88888888-8888-4888-8888-888888888888', deliveryStatus: 'UNDELIVERED' }),
    ]);
    const { queryClient } = renderWithProviders(<FailedSmsNotice orderId={ORDER} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The messages are in and drawn.
    await waitForQueriesSettled(queryClient);
    expect(screen.queryByText("SMS'en 'På vej' blev ikke leveret")).not.toBeInTheDocument();
  });
});
