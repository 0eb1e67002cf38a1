import { Box, Button, Grid, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconMail, IconPlus, IconCalendarCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { isSetGuid } from '@/domain/lib/guid';
import { formatDkk } from '@/domain/lib/money';
import { ORDER_TYPE_LABELS, WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import { toSavedItem } from '@/domain/orders/order-items';
import { orderTotals } from '@/domain/orders/order-pricing';
import type { TSubmitAction } from '@/domain/orders/order-validation';
import { confirmEnabled, slotRequiredError, statusForSubmit } from '@/domain/orders/order-validation';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { hasAnyRole } from '@/domain/users/roles';
import { isApiError } from '../../../lib/api-client';
import { notify, progressToast } from '../../../lib/notify';
import { useSession } from '../../users';
import { usePostOrder, useSaveOrder } from '../api';
import { AddProductDialog } from '../components/add-product-dialog';
import { OrderComments } from '../components/comment-box';
import { DiscountInputs } from '../components/discount-inputs';
import { carTitle } from '../components/flow-footer';
import { FlowPage } from '../components/flow-page';
import { OrderLines } from '../components/order-lines';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';

function Summary({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </Paper>
  );
}

/** The order as it is posted: the lines reduced to the saved item payload (document 1 section 7). */
export function orderForPost(order: TOrder, action?: TSubmitAction): TOrderInput {
  return {
    ...order,
    additionalData: action ? { ...order.additionalData, orderStatus: statusForSubmit(action) } : order.additionalData,
    items: order.items.map(toSavedItem),
  };
}

/** 'Bekræftelse': comments, discounts, Rekv. nr, the order lines and the submit buttons (document 1 section 2). */
export function ConfirmScreen() {
  const { order, replace } = useOrderFlow();
  const actions = useOrderActions();
  const navigate = useNavigate();
  const { user } = useSession();
  const post = usePostOrder();
  const save = useSaveOrder();
  const [adding, setAdding] = useState(false);
  const ad = order.additionalData;
  const t = order.timeAndPlace;
  const totals = orderTotals(order);
  const readOnly = ad.orderStatus === 'SERVICE_CALL' || ad.orderStatus === 'FINISHED';
  const submitting = post.isPending || save.isPending;
  const enabled = confirmEnabled(order) && !submitting;
  const canSave = isSetGuid(ad.orderId) && ad.orderStatus === 'OFFER_REQUEST';
  const canEditExcl = hasAnyRole(user?.roles ?? [], ['ReviewManager']);
  const setData = (change: (data: TOrder['additionalData']) => TOrder['additionalData']) =>
    actions.update((o) => ({ ...o, additionalData: change(o.additionalData) }));

  const submit = (action: TSubmitAction) => {
    post.mutate(orderForPost(order, action), {
      onSuccess: (saved) => {
        replace(saved);
        notify.success(action === 'BOOKING' ? 'Order accepted' : 'Tilbuds mail sent successfully');
        navigate(SCREENS.RECEIPT.path, { state: { orderId: saved.additionalData.orderId } });
      },
      onError: (error) => {
        // The slot filled up meanwhile: the server's own words.
        if (isApiError(error) && error.status === 409) notify.error(error.message);
      },
    });
  };

  const saveOrder = () => {
    const slotError = slotRequiredError(t);
    if (slotError) {
      notify.error(slotError);
      return;
    }
    // One toast: 'Saving order...' while the call runs, then 'Order saved' (a failure has its own toast).
    const toast = progressToast('Saving order...');
    save.mutate(orderForPost(order), {
      onSuccess: (saved) => {
        replace(saved);
        toast.success('Order saved');
      },
      onError: () => toast.hide(),
    });
  };

  const place = t.department.mobileService && t.mobileServiceLocation.address ? `${t.department.name} · ${t.mobileServiceLocation.address}` : t.department.name;
  const when = t.date ? `${formatDate(t.date)}${t.from && t.to ? ` kl. ${formatTime(t.from)}–${formatTime(t.to)}` : ''}` : '';

  const buttons = (
    <Group gap="sm" justify="flex-end" wrap="wrap" style={{ marginLeft: 'auto' }}>
      {!confirmEnabled(order) ? (
        <Text size="sm" c="dimmed">
          Kontaktinformation og tid og sted skal være udfyldt.
        </Text>
      ) : null}
      {canSave ? (
        <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} onClick={saveOrder} disabled={!enabled} loading={save.isPending}>
          Gem
        </Button>
      ) : null}
      <Button variant="light" leftSection={<IconMail size={16} />} onClick={() => submit('OFFER')} disabled={!enabled}>
        Email Tilbud
      </Button>
      <Button leftSection={<IconCalendarCheck size={16} />} onClick={() => submit('BOOKING')} disabled={!enabled} loading={post.isPending}>
        Booking
      </Button>
    </Group>
  );

  return (
    <FlowPage step="CONFIRM" title="Bekræftelse" footerAction={buttons}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Summary title="Opgave">
            <Text size="sm" fw={600}>
              {ORDER_TYPE_LABELS[ad.orderType]}
            </Text>
            <Text size="sm">{WHO_PAYS_LABELS[ad.whoIsPaying]}</Text>
          </Summary>
          <Summary title="Bil">
            <Text size="sm" fw={600}>
              {carTitle(order) || '–'}
            </Text>
            <Text size="sm">{formatPlate(order.car.registrationNumber)}</Text>
          </Summary>
          <Summary title="Kunde">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {order.customer.name || '–'}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {[order.customer.phone ? `${order.customer.phonePrefix} ${order.customer.phone}` : '', order.customer.email].filter(Boolean).join(' · ')}
            </Text>
          </Summary>
          <Summary title="Tid og sted">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {place || '–'}
            </Text>
            <Text size="sm">{when}</Text>
          </Summary>
        </SimpleGrid>

        <OrderComments order={order} onChange={setData} disabled={readOnly} />

        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 8, md: 6 }}>
            <DiscountInputs order={order} onChange={setData} disabled={readOnly} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <TextInput
              label="Rekv. nr"
              value={ad.rekvNr}
              maxLength={50}
              disabled={readOnly}
              onChange={(event) => {
                const rekvNr = event.currentTarget.value;
                setData((d) => ({ ...d, rekvNr }));
              }}
            />
          </Grid.Col>
        </Grid>

        <Box>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              Ordrelinjer
            </Title>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} disabled={readOnly}>
              Tilføj
            </Button>
          </Group>
          <OrderLines items={order.items} onChange={actions.setItems} onRemove={actions.removeItem} canEditExclPrice={canEditExcl} readOnly={readOnly} />
        </Box>

        <Group justify="flex-end">
          <Paper withBorder radius="md" p="sm" miw={280}>
            <Table verticalSpacing={4} aria-label="Totaler">
              <Table.Tbody>
                <Table.Tr>
                  <Table.Td>Varelinjer ekskl. moms</Table.Td>
                  <Table.Td ta="right">{formatDkk(totals.linesExclOre)}</Table.Td>
                </Table.Tr>
                {totals.discountOre > 0 ? (
                  <Table.Tr>
                    <Table.Td>Rabat ekskl. moms</Table.Td>
                    <Table.Td ta="right">−{formatDkk(totals.discountOre)}</Table.Td>
                  </Table.Tr>
                ) : null}
                <Table.Tr>
                  <Table.Td>I alt ekskl. moms</Table.Td>
                  <Table.Td ta="right">{formatDkk(totals.totalExclOre)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td>Moms</Table.Td>
                  <Table.Td ta="right">{formatDkk(totals.vatOre)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Td fw={700}>I alt inkl. moms</Table.Td>
                  <Table.Td ta="right" fw={700}>
                    {formatDkk(totals.totalInclOre)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Paper>
        </Group>
      </Stack>
      <AddProductDialog opened={adding} onClose={() => setAdding(false)} order={order} />
    </FlowPage>
  );
}
