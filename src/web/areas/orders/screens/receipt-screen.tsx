import { Alert, Anchor, Button, Center, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconHome, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { isSetGuid } from '@/domain/lib/guid';
import { ORDER_STATUS_LABELS, type TOrderStatus } from '@/domain/orders/order-enums';
import { PageHeader } from '../../../components/page-header';
import { useReceipt } from '../api';
import { useOrderFlow } from '../flow/order-flow-store';
import { LoadingStatus } from '../../../components/query-state';

function Tick({ done, doneText, notDoneText }: { done: boolean; doneText: string; notDoneText: string }) {
  return (
    <Group gap="sm" wrap="nowrap" role="listitem" aria-label={done ? doneText : notDoneText}>
      <ThemeIcon color={done ? 'teal' : 'gray'} variant={done ? 'filled' : 'light'} radius="xl" size="md" aria-hidden>
        {done ? <IconCheck size={16} /> : <IconX size={16} />}
      </ThemeIcon>
      <Text size="sm" c={done ? undefined : 'dimmed'}>
        {done ? doneText : notDoneText}
      </Text>
    </Group>
  );
}

function statusLabel(status: string): string {
  return ORDER_STATUS_LABELS[status as TOrderStatus] ?? status;
}

/** The order id the receipt shows: the one the confirm step passed on (kept across a reload), else the flow's. */
function useReceiptOrderId(): string | null {
  const location = useLocation();
  const { order, inProgress, clear } = useOrderFlow();
  const fromState = (location.state as { orderId?: unknown } | null)?.orderId;
  const [orderId] = useState<string | null>(() => {
    if (typeof fromState === 'string' && isSetGuid(fromState)) return fromState;
    return isSetGuid(order.additionalData.orderId) ? order.additionalData.orderId : null;
  });
  // The flow is finished: the order (now saved, so it has an id) is forgotten. An unsaved order in
  // progress is left alone, should someone open the receipt by hand.
  const saved = isSetGuid(order.additionalData.orderId);
  useEffect(() => {
    if (inProgress && saved) clear();
  }, [inProgress, saved, clear]);
  return orderId;
}

/** The receipt (document 1 section 2): the order is completed, with the ERP and calendar ticks and the worksheet link. */
export function ReceiptScreen() {
  const orderId = useReceiptOrderId();
  const receipt = useReceipt(orderId);

  let body: ReactNode;
  if (!orderId) {
    body = (
      <Alert color="blue" title="Ingen ordre">
        Der er ingen færdig ordre at vise.
      </Alert>
    );
  } else if (receipt.isPending) {
    body = (
      <Center py="xl">
        <LoadingStatus label="Henter kvittering" />
      </Center>
    );
  } else if (receipt.isError || !receipt.data) {
    body = (
      <Alert color="red" title="Kvitteringen kunne ikke hentes">
        Ordren er gemt. Prøv at genindlæse siden.
      </Alert>
    );
  } else {
    const r = receipt.data;
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon color="teal" radius="xl" size="xl" aria-hidden>
              <IconCheck size={24} />
            </ThemeIcon>
            <div>
              <Text fw={700} size="lg">
                Ordren er gennemført
              </Text>
              <Text size="sm" c="dimmed">
                Ordre {r.orderNr} · {statusLabel(r.orderStatus)}
              </Text>
            </div>
          </Group>
          <Stack gap="xs" role="list" aria-label="Levering">
            <Tick done={r.erp !== null} doneText="Overført til ERP" notDoneText="Ikke overført til ERP" />
            <Tick done={r.calendar} doneText="Lagt i bookingkalenderen" notDoneText="Ikke lagt i bookingkalenderen" />
          </Stack>
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to={`/worksheet/${r.orderId}`}>
              Åbn arbejdskort for ordre {r.orderNr}
            </Button>
            <Button component={Link} to={SCREENS.DASHBOARD.path} variant="default" leftSection={<IconHome size={16} />}>
              Ny opgave
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Ordrenummeret kan altid findes under{' '}
            <Anchor component={Link} to={SCREENS.ASSIGNMENTS.path} size="xs" underline="always">
              Opgaver
            </Anchor>
            .
          </Text>
        </Stack>
      </Paper>
    );
  }

  return (
    <>
      <PageHeader title="Kvittering" />
      {body}
    </>
  );
}
