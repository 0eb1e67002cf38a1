import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatTime } from '@/domain/lib/dates';
import { formatPhone, formatPlate } from '@/domain/lib/format';
import { isSetGuid } from '@/domain/lib/guid';
import { WHO_PAYS_LABELS } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import { insurerDisplayName } from '@/domain/orders/who-pays';
import { useInsurers } from '../../parties';
import { Facts, yesNo } from './facts';

/**
 * The sections of an order that can no longer be changed (finished, cancelled, or waiting for a reviewer),
 * as text: 'Tid og sted', 'Betalingsinformation' and 'Bil'.
 */

const place = (address: string, zip: string, city: string) => [address, [zip, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

function SubTitle({ children }: { children: string }) {
  return (
    <Title order={3} size="h5">
      {children}
    </Title>
  );
}

export function TimeAndPlaceFacts({ order, extra }: { order: TOrder; extra?: ReactNode }) {
  const t = order.timeAndPlace;
  const mobile = t.department.mobileService;
  return (
    <Stack gap="xs">
      <Facts
        facts={[
          { label: mobile ? 'Mobilservice' : 'Afdeling', value: t.department.name },
          { label: 'Afdelingens adresse', value: t.department.address },
          { label: 'Dato', value: formatDate(t.date) },
          { label: 'Tid', value: t.from && t.to ? `${formatTime(t.from)}–${formatTime(t.to)}` : '' },
          { label: 'Booket', value: isSetGuid(t.timeSlotId) ? 'I et tidsrum' : t.from ? 'Egen tid uden for tidsplanen' : '' },
          ...(t.waitingList ? [{ label: 'Venteliste', value: 'Ja' }] : []),
          ...(mobile ? [{ label: 'Adresse for mobilservice', value: t.mobileServiceLocation.address, wide: true }] : []),
        ]}
      />
      {extra}
    </Stack>
  );
}

export function PaymentFacts({ order }: { order: TOrder }) {
  const c = order.customer;
  const d = order.debitor;
  const prefix = c.phonePrefix.trim() && c.phonePrefix.trim() !== '+45' ? `${c.phonePrefix.trim()} ` : '';
  return (
    <Stack gap="md">
      <Facts
        facts={[
          { label: 'Hvem betaler', value: WHO_PAYS_LABELS[order.additionalData.whoIsPaying] },
          ...(order.additionalData.offerDebitor ? [{ label: 'Tilbuds debitor', value: 'Ja' }] : []),
        ]}
      />
      <SubTitle>Debitor</SubTitle>
      <Facts
        facts={[
          { label: 'Navn', value: d.debitorName },
          { label: 'Kundenr.', value: d.no },
          { label: 'Adresse', value: place(d.address, d.zipCode, d.city) },
          { label: 'Telefon', value: formatPhone(d.phone) },
          { label: 'CVR', value: d.cvr },
          { label: 'E-mail', value: d.email },
        ]}
      />
      <SubTitle>Kunde</SubTitle>
      <Facts
        facts={[
          { label: 'Navn', value: c.name },
          { label: 'Adresse', value: place(c.address, c.zipCode, c.city) },
          { label: 'Telefon', value: c.phone ? `${prefix}${formatPhone(c.phone)}` : '' },
          { label: 'E-mail', value: c.email },
          { label: 'Tillad e-mail', value: yesNo(c.allowEmail) },
          { label: 'Tillad SMS', value: yesNo(c.allowSms) },
        ]}
      />
    </Stack>
  );
}

export function CarFacts({ order }: { order: TOrder }) {
  const car = order.car;
  const insurers = useInsurers();
  return (
    <Facts
      facts={[
        { label: 'Reg. nr.', value: formatPlate(car.registrationNumber) },
        { label: 'Bilmærke', value: car.make },
        { label: 'Model', value: car.model },
        { label: 'Årgang', value: car.modelYear === null ? '' : String(car.modelYear) },
        { label: 'Forsikring', value: insurerDisplayName(insurers.data ?? [], car.insurance) },
        { label: 'Leasing', value: car.leasing },
        { label: 'Leasingselskab', value: car.leaser },
        { label: 'Ejer', value: car.owner },
        { label: 'Stelnummer (VIN)', value: car.vehicleIdentificationNumber },
      ]}
    />
  );
}
