import { Alert, Anchor, Box, Button, Grid, Group, List, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDeviceFloppy, IconMail, IconPlus, IconCalendarCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { BOOKING_RULE_MESSAGES } from '@/domain/booking/booking-rules';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { isSetGuid } from '@/domain/lib/guid';
import { formatDkk } from '@/domain/lib/money';
import type { FieldErrors } from '@/domain/lib/validation';
import { ORDER_TYPE_LABELS, WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import { timeAndPlaceToSave } from '@/domain/orders/order-booking-place';
import { toSavedItem } from '@/domain/orders/order-items';
import { orderTotals } from '@/domain/orders/order-pricing';
import { linesReadOnly } from '@/domain/orders/order-status';
import type { TSubmitAction } from '@/domain/orders/order-validation';
import { confirmEnabled, slotRequiredError, statusForSubmit } from '@/domain/orders/order-validation';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { hasAnyRole } from '@/domain/users/roles';
import { isApiError } from '../../../lib/api-client';
import { notify, progressToast } from '../../../lib/notify';
import { useSession } from '../../users';
import { ORDER_FIELD_LABELS, usePostOrder, useSaveOrder } from '../api';
import { AddProductDialog } from '../components/add-product-dialog';
import { OrderComments } from '../components/comment-box';
import { DiscountInputs } from '../components/discount-inputs';
import { carTitle } from '../components/flow-footer';
import { FlowPage } from '../components/flow-page';
import { OrderLines } from '../components/order-lines';
import { useCarCheck } from '../../booking';
import { FLOW_STEPS } from '../flow/flow-steps';
import { useOrderFlow } from '../flow/order-flow-store';
import { forgetServerRefusal, keepServerRefusal, stepOfField, useServerRefusal } from '../flow/server-errors';
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

/**
 * The order as it is posted: the lines reduced to the saved item payload (document 1 section 7), booked for the
 * zip code the van drives to (the booking's, which the server checks against Postnummer styring).
 */
export function orderForPost(order: TOrder, action?: TSubmitAction): TOrderInput {
  return {
    ...order,
    additionalData: action ? { ...order.additionalData, orderStatus: statusForSubmit(action) } : order.additionalData,
    timeAndPlace: timeAndPlaceToSave(order),
    items: order.items.map(toSavedItem),
  };
}

/**
 * What the server refused at the last Booking or Gem, each with the step that holds the field, so the user goes
 * there and sees the message at the field.
 */
function Refusal({ errors }: { errors: FieldErrors }) {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert color="red" title="Ordren blev ikke gemt">
      <List size="sm" spacing={4}>
        {entries.map(([field, messages]) => {
          const step = FLOW_STEPS.find((s) => s.step === stepOfField(field));
          return (
            <List.Item key={field}>
              <Text span fw={600} size="sm">
                {ORDER_FIELD_LABELS[field] ?? ORDER_FIELD_LABELS[field.split('.').slice(0, 2).join('.')] ?? 'Ordren'}:
              </Text>{' '}
              {messages.join(' ')}
              {step && step.step !== 'CONFIRM' ? (
                <>
                  {' '}
                  <Anchor component={Link} to={step.path} size="sm" fw={600}>
                    Ret under {step.label}
                  </Anchor>
                </>
              ) : null}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
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
  const refused = useServerRefusal(order);
  const carCheck = useCarCheck(order);
  // The department's rule sets refuse the car for the job: said before Booking is pressed, the same way as after.
  const carRefusal = carCheck.data && !carCheck.data.accepted ? carCheck.data.alertMessage : null;
  const shownRefusal: FieldErrors =
    carRefusal && !refused['timeAndPlace.department'] ? { ...refused, 'timeAndPlace.department': [carRefusal] } : refused;
  const ad = order.additionalData;
  const t = order.timeAndPlace;
  const totals = orderTotals(order);
  const readOnly = linesReadOnly(ad.orderStatus);
  const submitting = post.isPending || save.isPending;
  const enabled = confirmEnabled(order) && !submitting;
  const canSave = isSetGuid(ad.orderId) && ad.orderStatus === 'OFFER_REQUEST';
  const canEditExcl = hasAnyRole(user?.roles ?? [], ['ReviewManager']);
  const setData = (change: (data: TOrder['additionalData']) => TOrder['additionalData']) =>
    actions.update((o) => ({ ...o, additionalData: change(o.additionalData) }));

  const submit = (action: TSubmitAction) => {
    post.mutate(orderForPost(order, action), {
      onSuccess: (saved) => {
        forgetServerRefusal();
        replace(saved);
        notify.success(action === 'BOOKING' ? 'Order accepted' : 'Tilbuds mail sent successfully');
        navigate(SCREENS.RECEIPT.path, { state: { orderId: saved.additionalData.orderId } });
      },
      onError: (error) => void showRefusal(error),
    });
  };

  /**
   * A refused order: field errors go to their fields (and the exception dialog lists them, as everywhere); a
   * department that does not take the car (409 with the rule set's alert) is shown at the department, like the
   * check before; a slot that filled up meanwhile is said in the server's own words, under the spec's toast
   * 'Api: "postOrder" failed' (the query client's failureReason), so no second toast says it again.
   */
  const showRefusal = async (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.errors && Object.keys(error.errors).length > 0) {
      keepServerRefusal(order, error.errors);
      return;
    }
    if (error.status !== 409) return;
    if (error.message !== BOOKING_RULE_MESSAGES.fullyBooked) {
      const check = await carCheck.refetch();
      if (check.data && !check.data.accepted) {
        keepServerRefusal(order, { 'timeAndPlace.department': [error.message] });
      }
    }
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
        forgetServerRefusal();
        replace(saved);
        toast.success('Order saved');
      },
      onError: (error) => {
        toast.hide();
        void showRefusal(error);
      },
    });
  };

  const place =
    t.department.mobileService && t.mobileServiceLocation.address
      ? `${t.department.name} · ${t.mobileServiceLocation.address}`
      : t.department.name;
  const when = t.date ? `${formatDate(t.date)}${t.from && t.to ? ` kl. ${formatTime(t.from)}–${formatTime(t.to)}` : ''}` : '';

  const buttons = (
    <Group gap="sm" justify="flex-end" wrap="wrap" style={{ marginLeft: 'auto' }}>
      {!confirmEnabled(order) ? (
        <Text size="sm" c="dimmed">
          Kontaktinformation og tid og sted skal være udfyldt.
        </Text>
      ) : null}
      {canSave ? (
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          onClick={saveOrder}
          disabled={!enabled}
          loading={save.isPending}
        >
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
        <Refusal errors={shownRefusal} />
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
              {[order.customer.phone ? `${order.customer.phonePrefix} ${order.customer.phone}` : '', order.customer.email]
                .filter(Boolean)
                .join(' · ')}
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
          <OrderLines
            items={order.items}
            onChange={actions.setItems}
            onRemove={actions.removeItem}
            canEditExclPrice={canEditExcl}
            readOnly={readOnly}
          />
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
