import { Badge, Button, Checkbox, Grid, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconHistory, IconMapPin } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { formatDkk, formatKroner } from '@/domain/lib/money';
import { ORDER_STATUS_LABELS, ORDER_TYPE_LABELS, WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import { orderTotals } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';
import { DiscountInputs, OrderComments, useOrderActions } from '../../orders';
import { Section } from './section';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} component="div">
        {children || '–'}
      </Text>
    </Stack>
  );
}

interface DetailsSectionProps {
  order: TOrder;
  disabled: boolean;
  /** SALE orders skip the mobile-service facts. */
  isSale: boolean;
  onHistory: () => void;
  fieldErrors: Record<string, string[]>;
}

/** The header and details (document 2 section 2): the facts of the order and what the desk may edit here. */
export function DetailsSection({ order, disabled, isSale, onHistory, fieldErrors }: DetailsSectionProps) {
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
      disabled={disabled}
      aside={
        <Button variant="light" size="xs" leftSection={<IconHistory size={14} />} onClick={onHistory}>
          Historik
        </Button>
      }
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" verticalSpacing="sm">
          <Fact label="Ordrenummer">{ad.orderNr}</Fact>
          <Fact label="Dato">{formatDate(t.date)}</Fact>
          <Fact label="Tid">{t.from && t.to ? `${formatTime(t.from)}–${formatTime(t.to)}` : ''}</Fact>
          <Fact label="Kunde">{order.customer.name}</Fact>
          <Fact label="Ordretype">{ORDER_TYPE_LABELS[ad.orderType]}</Fact>
          <Fact label="Status">
            <Badge variant="light" radius="sm" tt="none">
              {ORDER_STATUS_LABELS[ad.orderStatus]}
            </Badge>
          </Fact>
          <Fact label="Bil">{[formatPlate(order.car.registrationNumber), order.car.make, order.car.model].filter(Boolean).join(' · ')}</Fact>
          <Fact label="Bookingnr.">{ad.bookingNr}</Fact>
          <Fact label="Betalingsform">{WHO_PAYS_LABELS[ad.whoIsPaying]}</Fact>
          <Fact label="Oprettet">{formatDateTime(ad.createdDateTime ?? ad.created)}</Fact>
          <Fact label="Booket af">{ad.createdBy}</Fact>
          <Fact label="Afdeling">{t.department.name}</Fact>
        </SimpleGrid>

        {mobile ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMapPin size={18} style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Mobilservice: {t.mobileServiceLocation.address || 'ingen adresse'}{' '}
              <Badge ml={4} size="sm" radius="sm" variant="light" color={t.mobileServiceLocation.covered ? 'teal' : 'orange'} tt="none">
                {t.mobileServiceLocation.covered ? 'Adressen er dækket' : 'Adressen er ikke dækket'}
              </Badge>
            </Text>
          </Group>
        ) : null}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
            <DiscountInputs order={order} onChange={setData} disabled={disabled} />
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

        <OrderComments order={order} onChange={setData} disabled={disabled} internalError={fieldErrors['additionalData.internalOrderComment']?.[0]} />
        {ad.orderStatus === 'ON_HOLD' && ad.onHoldComment ? (
          <Text size="sm" c="orange.8">
            På hold{ad.onHoldReason ? ` (${ad.onHoldReason})` : ''}: {ad.onHoldComment}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}
