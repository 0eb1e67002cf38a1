import { Badge, Button, Checkbox, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory, IconMapPin } from '@tabler/icons-react';
import { formatDate, formatDateTime, formatTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { formatDkk, formatKroner } from '@/domain/lib/money';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import { orderTotals } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';
import { DiscountInputs, OrderComments, useOrderActions } from '../../orders';
import { Facts, yesNo } from './facts';
import { fieldDomId } from './field-focus';
import { Section } from './section';

interface DetailsSectionProps {
  order: TOrder;
  disabled: boolean;
  /** SALE orders skip the mobile-service facts. */
  isSale: boolean;
  onHistory: () => void;
  fieldErrors: Record<string, string[]>;
  /** The comments here (desktop); on a phone they are the job's, in 'Opgaven'. */
  withComments?: boolean;
}

/** The header and details (document 2 section 2): the facts of the order and what the desk may edit here. */
export function DetailsSection({ order, disabled, isSale, onHistory, fieldErrors, withComments = true }: DetailsSectionProps) {
  const actions = useOrderActions();
  const ad = order.additionalData;
  const t = order.timeAndPlace;
  const totals = orderTotals(order);
  const setData = (change: (data: TOrder['additionalData']) => TOrder['additionalData']) =>
    actions.update((o) => ({ ...o, additionalData: change(o.additionalData) }));
  const mobile = t.department.mobileService && !isSale;

  return (
    <Section
      title="Detaljer"
      aside={
        <Button variant="light" size="xs" leftSection={<IconHistory size={14} />} onClick={onHistory}>
          Historik
        </Button>
      }
    >
      <Stack gap="md">
        <Facts
          cols={{ base: 2, sm: 3, lg: 6 }}
          facts={[
            { label: 'Ordrenummer', value: ad.orderNr },
            { label: 'Dato', value: formatDate(t.date) },
            { label: 'Tid', value: t.from && t.to ? `${formatTime(t.from)}–${formatTime(t.to)}` : '' },
            { label: 'Kunde', value: order.customer.name },
            { label: 'Ordretype', value: ORDER_TYPE_LABELS[ad.orderType] },
            {
              label: 'Status',
              value: (
                <Badge variant="light" radius="sm" tt="none" component="span">
                  {ORDER_STATUS_LABELS[ad.orderStatus]}
                </Badge>
              ),
            },
            {
              label: 'Bil',
              value: [formatPlate(order.car.registrationNumber), order.car.make, order.car.model].filter(Boolean).join(' · '),
            },
            { label: 'Bookingnr.', value: ad.bookingNr },
            { label: 'Betalingsform', value: WHO_PAYS_LABELS[ad.whoIsPaying] },
            { label: 'Oprettet', value: formatDateTime(ad.createdDateTime ?? ad.created) },
            { label: 'Booket af', value: ad.createdBy },
            { label: 'Afdeling', value: t.department.name },
          ]}
        />

        {mobile ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 2 }} />
            {/* A div, not a p: the badge inside is a div, which a paragraph may not hold. */}
            <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
              Mobilservice: {t.mobileServiceLocation.address || 'ingen adresse'}{' '}
              <Badge ml={4} size="sm" radius="sm" variant="light" color={t.mobileServiceLocation.covered ? 'teal' : 'orange'} tt="none">
                {t.mobileServiceLocation.covered ? 'Adressen er dækket' : 'Adressen er ikke dækket'}
              </Badge>
            </Text>
          </Group>
        ) : null}

        {disabled ? (
          // A locked order: what was agreed, as text.
          <Facts
            facts={[
              {
                label: 'Rabat',
                value:
                  totals.discountOre > 0
                    ? `${ad.discountPercent > 0 ? `${formatKroner(ad.discountPercent)} % · ` : ''}${formatDkk(totals.discountOre)} ekskl. moms`
                    : '',
              },
              { label: 'Rekv. nr', value: ad.rekvNr },
              { label: 'To-mands job', value: yesNo(ad.twoManJob) },
              { label: 'I alt inkl. moms', value: formatDkk(totals.totalInclOre) },
              ...(withComments
                ? [
                    { label: 'Ekstern kommentar', value: ad.externalOrderComment, wide: true },
                    { label: 'Intern kommentar', value: ad.internalOrderComment, wide: true },
                  ]
                : []),
            ]}
          />
        ) : (
          <>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
                <DiscountInputs order={order} onChange={setData} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                <TextInput
                  label="Rekv. nr"
                  value={ad.rekvNr}
                  maxLength={50}
                  onChange={(event) => {
                    const rekvNr = event.currentTarget.value;
                    setData((d) => ({ ...d, rekvNr }));
                  }}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Group gap="lg" wrap="wrap" mt={{ base: 0, md: 26 }}>
                  <Checkbox
                    label="To-mands job"
                    checked={ad.twoManJob}
                    onChange={(event) => {
                      const twoManJob = event.currentTarget.checked;
                      setData((d) => ({ ...d, twoManJob }));
                    }}
                  />
                  <Stack gap={0}>
                    <Text size="sm">
                      I alt ekskl. moms: <b>{formatDkk(totals.totalExclOre)}</b>
                    </Text>
                    <Text size="sm">
                      I alt inkl. moms: <b>{formatDkk(totals.totalInclOre)}</b>
                    </Text>
                    {totals.discountOre > 0 ? (
                      <Text size="xs" c="dimmed">
                        Rabat {ad.discountPercent > 0 ? `${formatKroner(ad.discountPercent)} % · ` : ''}
                        {formatDkk(totals.discountOre)} ekskl. moms
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Grid.Col>
            </Grid>

            {withComments ? (
              <OrderComments
                order={order}
                onChange={setData}
                internalError={fieldErrors['additionalData.internalOrderComment']?.[0]}
                internalId={fieldDomId('additionalData.internalOrderComment')}
              />
            ) : null}
          </>
        )}
        {ad.orderStatus === 'ON_HOLD' && ad.onHoldComment ? (
          <Text size="sm" c="orange.8">
            På hold{ad.onHoldReason ? ` (${ad.onHoldReason})` : ''}: {ad.onHoldComment}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}
