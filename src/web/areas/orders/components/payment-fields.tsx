import { Alert, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { isSetGuid } from '@/domain/lib/guid';
import type { FieldErrors } from '@/domain/lib/validation';
import { customerStepErrors } from '@/domain/orders/order-validation';
import type { TCustomer, TOrderDebitor } from '@/domain/orders/order.schemas';
import { fetchZipCity } from '../../booking';
import { CustomerSearch, isDummyDebitor } from '../../parties';
import { useDebitorRule } from './debitor-rule';
import { WhoPaysField } from './who-pays-field';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';

const ZIP_RE = /^\d{4}$/;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="fieldset" m={0}>
      <Title order={2} size="h4" mb="sm" component="legend" style={{ float: 'left', padding: 0, marginRight: 12 }}>
        {title}
      </Title>
      {aside ? <Group style={{ float: 'right' }}>{aside}</Group> : null}
      <div style={{ clear: 'both' }}>{children}</div>
    </Paper>
  );
}

/** 'Hvem betaler', the debitor and the customer of the order of the surrounding OrderFlowProvider
 * (document 1 sections 2, 4 and 5): the customer step and the worksheet's 'Betalingsinformation'.
 * `serverErrors` are what the server refused at the last save, shown at their fields ('debitor.no' at the debitor). */
export function PaymentFields({ serverErrors = {} }: { serverErrors?: FieldErrors }) {
  const { order } = useOrderFlow();
  const actions = useOrderActions();
  const debitorRule = useDebitorRule();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const errors: FieldErrors = customerStepErrors(order);
  const touch = (field: string) => setTouched((t) => (t.has(field) ? t : new Set(t).add(field)));
  const errorOf = (field: string) => serverErrors[field]?.[0] ?? (touched.has(field) ? errors[field]?.[0] : undefined);
  const debitorRefused = serverErrors['debitor.no'];

  const setCustomer = (change: Partial<TCustomer>) => actions.update((o) => ({ ...o, customer: { ...o.customer, ...change } }));
  const setDebitor = (change: Partial<TOrderDebitor>) => actions.setDebitorField((d) => ({ ...d, ...change }));

  /** A 4-digit zip code looks up the city; an unknown zip (empty city) changes nothing. */
  const lookUpCity = (zip: string, apply: (city: string) => void) => {
    if (!ZIP_RE.test(zip)) return;
    void fetchZipCity(zip).then((city) => {
      if (city) apply(city);
    });
  };

  const c = order.customer;
  const d = order.debitor;
  const dummy = isDummyDebitor(d);
  const insurance = order.additionalData.whoIsPaying === 'INSURANCE';
  const cashWithoutDepartment = order.additionalData.whoIsPaying === 'CASH' && !isSetGuid(order.timeAndPlace.department.id);

  const field = (
    key: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: { required?: boolean; maxLength?: number; inputMode?: 'numeric' | 'email' | 'tel'; type?: string; autoComplete?: string } = {},
  ) => (
    <TextInput
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => touch(key)}
      error={errorOf(key)}
      withAsterisk={options.required}
      maxLength={options.maxLength}
      inputMode={options.inputMode}
      type={options.type}
      autoComplete={options.autoComplete ?? 'off'}
    />
  );

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <WhoPaysField
            order={order}
            onChoose={actions.choosePayer}
            onOfferDebitorChange={actions.setOfferDebitor}
            lockedTo={debitorRule.lockedPayer}
          />
          {debitorRule.note}
        </Stack>
      </Paper>

      <Section
        title="Debitor"
        aside={
          d.no ? (
            <Badge variant="light" color={dummy ? 'red' : 'gray'} radius="sm" tt="none">
              Kundenr. {d.no}
            </Badge>
          ) : null
        }
      >
        <Stack gap="sm">
          {debitorRefused ? (
            // The server's refusal of the payer (a mandatory debitor), at the debitor it is about.
            <Alert color="red" p="xs" title="Debitoren blev afvist">
              {debitorRefused.join(' ')}
            </Alert>
          ) : null}
          <CustomerSearch onChoose={actions.chooseCustomer} disabled={debitorRule.lockedPayer !== null} />
          {dummy ? (
            <Alert color="red" p="xs">
              Debitoren er en pladsholder ({d.debitorName}). Skift til den rigtige konto.
            </Alert>
          ) : null}
          {cashWithoutDepartment ? (
            <Alert color="blue" p="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" style={{ flex: 1, minWidth: 200 }}>
                  Ved kontant betaling bruges afdelingens kontantkonto, når du har valgt afdeling under Tid og sted. Indtil da kan kundens
                  oplysninger bruges.
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCopy size={14} />}
                  onClick={() =>
                    setDebitor({
                      debitorName: c.name,
                      address: c.address,
                      zipCode: c.zipCode,
                      city: c.city,
                      phone: c.phone,
                      email: c.email,
                    })
                  }
                >
                  Brug kundens oplysninger
                </Button>
              </Group>
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('debitor.debitorName', 'Navn', d.debitorName, (v) => setDebitor({ debitorName: v }), { required: true })}
            {field('debitor.address', 'Adresse', d.address, (v) => setDebitor({ address: v }), { required: true })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {field(
              'debitor.zipCode',
              'Postnummer',
              d.zipCode,
              (v) => {
                setDebitor({ zipCode: v });
                lookUpCity(v.trim(), (city) => setDebitor({ city }));
              },
              { maxLength: 10, inputMode: 'numeric' },
            )}
            {field('debitor.city', 'By', d.city, (v) => setDebitor({ city: v }))}
            {field('debitor.phone', 'Telefon', d.phone, (v) => setDebitor({ phone: v }), {
              required: true,
              maxLength: 8,
              inputMode: 'tel',
            })}
            {field('debitor.cvr', 'CVR', d.cvr, (v) => setDebitor({ cvr: v }), { maxLength: 20, inputMode: 'numeric' })}
          </SimpleGrid>
          {field('debitor.email', 'E-mail', d.email, (v) => setDebitor({ email: v }), { inputMode: 'email', type: 'email' })}
        </Stack>
      </Section>

      <Section title="Kunde">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {field('customer.name', 'Navn', c.name, (v) => setCustomer({ name: v }), { required: insurance })}
            {field('customer.address', 'Adresse', c.address, (v) => setCustomer({ address: v }), { required: insurance })}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {field(
              'customer.zipCode',
              'Postnummer',
              c.zipCode,
              (v) => {
                setCustomer({ zipCode: v });
                lookUpCity(v.trim(), (city) => setCustomer({ city }));
              },
              { required: insurance, maxLength: 10, inputMode: 'numeric' },
            )}
            {field('customer.city', 'By', c.city, (v) => setCustomer({ city: v }), { required: insurance })}
            {field('customer.phonePrefix', 'Landekode', c.phonePrefix, (v) => setCustomer({ phonePrefix: v }), {
              maxLength: 6,
              inputMode: 'tel',
            })}
            {field('customer.phone', 'Telefon', c.phone, (v) => setCustomer({ phone: v }), {
              required: true,
              maxLength: c.phonePrefix.trim() === '+45' || c.phonePrefix.trim() === '' ? 8 : 20,
              inputMode: 'tel',
            })}
          </SimpleGrid>
          {field('customer.email', 'E-mail', c.email, (v) => setCustomer({ email: v }), {
            required: insurance,
            inputMode: 'email',
            type: 'email',
          })}
          <Group gap="lg">
            <Checkbox
              label="Tillad e-mail"
              checked={c.allowEmail}
              onChange={(event) => setCustomer({ allowEmail: event.currentTarget.checked })}
            />
            <Checkbox
              label="Tillad SMS"
              checked={c.allowSms}
              onChange={(event) => setCustomer({ allowSms: event.currentTarget.checked })}
            />
          </Group>
        </Stack>
      </Section>
    </Stack>
  );
}
