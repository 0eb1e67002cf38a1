import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOutboxMessage } from '@/domain/outbox/outbox';
import { jsonResponse, renderWithProviders } from '../../../test-utils';
import { OutboxScreen, SECRET_NOTE } from './outbox-screen';

const message = (overrides: Partial<TOutboxMessage>): TOutboxMessage => ({
  id: '11111111-1111-4111-8111-111111111111',
  channel: 'SMS',
  kind: 'PASSWORD_RESET',
  recipient: '+4520338899',
  subject: '',
  body: 'Hej Ole. Din kode til ny adgangskode i Rudeplan (OP): ••••••. Den gælder i 30 min.',
  status: 'KEPT',
  attempts: 1,
  lastError: '',
  transport: 'local',
  orderId: null,
  createdAt: '2026-11-23T10:00:00',
  nextAttemptAt: '2026-11-23T10:00:00',
  deliveredAt: '2026-11-23T10:00:01',
  deliveryStatus: '',
  deliveryDetail: '',
  deliveryReportedAt: null,
  ...overrides,
});

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input).startsWith('/api/outbox?')) {
      return jsonResponse({
        messages: [
          message({}),
          message({
            id: '22222222-2222-4222-8222-222222222222',
            kind: 'ORDER_RECEIPT',
            body: 'Tak for din ordre',
            recipient: '+4511111111',
          }),
        ],
        pageCount: 1,
        total: 2,
      });
    }
    return jsonResponse({ status: 404, type: 'GENERIC_ERROR', message: 'Ikke fundet' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('Udbakke', () => {
  it('shows a reset message with its code masked, and says why', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OutboxScreen />);
    const row = await screen.findByRole('row', { name: 'Nulstilling af adgangskode til +4520338899' });
    expect(row).toHaveTextContent('(OP): ••••••.');
    await user.click(row);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/\(OP\): ••••••\./)).toBeInTheDocument();
    expect(within(dialog).getByText(SECRET_NOTE)).toBeInTheDocument();
  });

  it('adds no note to a message without a secret', async () => {
    const user = userEvent.setup();
    renderWithProviders(<OutboxScreen />);
    await user.click(await screen.findByRole('row', { name: 'Ordrekvittering til +4511111111' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Tak for din ordre').length).toBeGreaterThan(0);
    expect(within(dialog).queryByText(SECRET_NOTE)).not.toBeInTheDocument();
  });

  it("shows each SMS as sent, delivered or failed from the provider's report, with its words on a failure", async () => {
    const sms = (id: string, recipient: string, overrides: Partial<TOutboxMessage>) =>
      message({ id, kind: 'SMS_ON_MY_WAY', recipient, body: 'Vi er på vej', status: 'SENT', transport: 'gatewayapi', ...overrides });
    fetchMock.mockImplementation(async () =>
      jsonResponse({
        messages: [
          sms('33333333-3333-4333-8333-333333333333', '+4530000001', {}),
          sms('44444444-4444-4444-8444-444444444444', '+4530000002', {
            deliveryStatus: 'DELIVERED',
            deliveryDetail: 'DELIVERED',
            deliveryReportedAt: '2026-11-23T10:01:00',
          }),
          sms('55555555-5555-4555-8555-555555555555', '+4530000003', {
            deliveryStatus: 'UNDELIVERED',
            deliveryDetail: 'UNDELIVERABLE · Unknown subscriber · 0x1010',
          }),
        ],
        pageCount: 1,
        total: 3,
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OutboxScreen />);
    expect(await screen.findByRole('row', { name: 'SMS: På vej til +4530000001' })).toHaveTextContent('Sendt');
    expect(screen.getByRole('row', { name: 'SMS: På vej til +4530000002' })).toHaveTextContent('Leveret');
    const failed = screen.getByRole('row', { name: 'SMS: På vej til +4530000003' });
    expect(failed).toHaveTextContent('Fejlet');
    expect(failed).toHaveTextContent('Ikke leveret: UNDELIVERABLE · Unknown subscriber · 0x1010');
    await user.click(failed);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('GatewayAPI')).toBeInTheDocument();
    expect(within(dialog).getByText('Ikke leveret (UNDELIVERABLE · Unknown subscriber · 0x1010)')).toBeInTheDocument();
  });
});
