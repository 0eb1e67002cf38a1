import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconMapPin, IconPhone } from '@tabler/icons-react';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPhone, formatPlate } from '@/domain/lib/format';
import { directionsUrl } from '@/domain/map/directions';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import { customerTelHref, jobAddress } from '@/domain/orders/fitter-jobs';
import type { TOrder } from '@/domain/orders/order.schemas';
import { InstructionLink } from '../../catalogue';
import { Facts } from './facts';
import { MapLink } from './map-link';
import { Section } from './section';
import { hasTips, ItemTips } from './tips-section';

interface JobSectionProps {
  order: TOrder;
}

/**
 * 'Opgaven', the phone's first section (issue 38, the job first): when and where, the customer to call, the car,
 * the items to fit with their tips and fitting instruction, OBS and the comments. The office's details are one tap
 * away, under 'Kontor'.
 */
export function JobSection({ order }: JobSectionProps) {
  const ad = order.additionalData;
  const t = order.timeAndPlace;
  const address = jobAddress(order);
  const directions = directionsUrl(address);
  const tel = customerTelHref(order);

  return (
    <Section title="Opgaven" icon={<IconBriefcase size={20} />}>
      <Stack gap="md">
        <Facts
          cols={2}
          facts={[
            {
              label: 'Tid',
              value: [formatDate(t.date), t.from && t.to ? `${formatTime(t.from)}–${formatTime(t.to)}` : ''].filter(Boolean).join(' · '),
            },
            {
              label: 'Status',
              value: (
                <Badge variant="light" radius="sm" tt="none" component="span">
                  {ORDER_STATUS_LABELS[ad.orderStatus]}
                </Badge>
              ),
            },
            {
              label: t.department.mobileService ? 'Adresse' : 'Værksted',
              wide: true,
              value: (
                <Stack gap={4} component="span">
                  <span>{t.department.mobileService ? address : [t.department.name, address].filter(Boolean).join(', ')}</span>
                  {directions ? (
                    <Anchor href={directions} target="_blank" rel="noopener" size="sm" underline="always">
                      <IconMapPin size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
                      Rutevejledning i kort
                    </Anchor>
                  ) : null}
                  <MapLink order={order} />
                </Stack>
              ),
            },
            {
              label: 'Kunde',
              wide: true,
              value: (
                <Group gap="sm" component="span" wrap="wrap">
                  <span>{order.customer.name}</span>
                  {tel ? (
                    <Anchor
                      href={tel}
                      size="sm"
                      underline="always"
                      aria-label={`Ring til ${order.customer.name || 'kunden'} på ${formatPhone(order.customer.phone)}`}
                    >
                      <IconPhone size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
                      {formatPhone(order.customer.phone)}
                    </Anchor>
                  ) : null}
                </Group>
              ),
            },
            {
              label: 'Bil',
              value: [formatPlate(order.car.registrationNumber), order.car.make, order.car.model].filter(Boolean).join(' · '),
            },
            {
              label: 'OBS',
              value: ad.obs ? (
                <Badge color="orange" variant="filled" radius="sm" tt="none" component="span">
                  OBS
                </Badge>
              ) : (
                'Nej'
              ),
            },
          ]}
        />

        <Stack gap="xs" role="group" aria-labelledby="job-items-title">
          <Title order={3} size="h5" id="job-items-title">
            Varer at montere
          </Title>
          {order.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ingen varer på ordren.
            </Text>
          ) : (
            order.items.map((item) => (
              <Stack key={item.itemNo} gap={4}>
                <Text size="sm" fw={600}>
                  {item.amount} × {item.no || item.itemNo} · {item.name}
                </Text>
                {item.euroCode ? <InstructionLink euroCode={item.euroCode} /> : null}
                {hasTips(item) ? <ItemTips item={item} /> : null}
              </Stack>
            ))
          )}
        </Stack>

        {/* To read at the car; they are written under 'Kontor' (Detaljer), where the finish list leads. */}
        <Facts
          facts={[
            { label: 'Ekstern kommentar', value: ad.externalOrderComment, wide: true },
            { label: 'Intern kommentar', value: ad.internalOrderComment, wide: true },
          ]}
        />
      </Stack>
    </Section>
  );
}
