import { Alert } from '@mantine/core';
import { IconMessageX } from '@tabler/icons-react';
import { formatDateTime } from '@/domain/lib/dates';
import { deliveryOutcome } from '@/domain/outbox/outbox';
import { useOrderSms } from '../api';

/** The outbox kind of the 'på vej' SMS (the SMS dialog's choice ON_MY_WAY). */
const ON_MY_WAY = 'SMS_ON_MY_WAY';

/**
 * On the worksheet: the newest 'på vej' SMS of the order when it failed (the provider reported it undelivered, or the
 * outbox gave up on it), so whoever is on the way knows the customer was not told.
 */
export function FailedSmsNotice({ orderId }: { orderId: string }) {
  const sms = useOrderSms(orderId);
  const latest = sms.data?.find((message) => message.kind === ON_MY_WAY);
  if (!latest || deliveryOutcome(latest) !== 'FAILED') return null;
  const why = latest.deliveryStatus === 'UNDELIVERED' ? latest.deliveryDetail : latest.lastError;
  return (
    <Alert color="red" icon={<IconMessageX size={18} />} title="SMS'en 'På vej' blev ikke leveret" mb="md" role="status">
      {`Sendt ${formatDateTime(latest.createdAt)} til ${latest.recipient}${why ? ` (${why})` : ''}. Ring til kunden, eller send den igen.`}
    </Alert>
  );
}
