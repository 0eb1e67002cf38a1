import { Badge, Box, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconArrowRight, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { CREATABLE_ORDER_TYPES, ORDER_TYPE_LABELS } from '@/domain/orders/order-enums';
import type { TOrderType } from '@/domain/orders/order-enums';
import { canContinueFromDashboard } from '@/domain/orders/order-validation';
import { formatPhone } from '@/domain/lib/format';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';
import { CarFields } from './car-fields';
import { CustomerSearch, isDummyDebitor } from '../../parties';
import { useDebitorRule } from './debitor-rule';
import { WhoPaysField } from './who-pays-field';

function ChosenDebitor() {
  const { order } = useOrderFlow();
  const d = order.debitor;
  if (!d.no && !d.debitorName) return null;
  const dummy = isDummyDebitor(d);
  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      bg={dummy ? 'red.1' : 'gray.0'}
      aria-label="Valgt debitor"
      style={dummy ? { borderColor: 'var(--mantine-color-red-5)' } : undefined}
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600} c={dummy ? 'red.9' : undefined} style={{ overflowWrap: 'anywhere' }}>
          {d.debitorName}
        </Text>
        {d.no ? (
          <Badge variant="light" color={dummy ? 'red' : 'gray'} radius="sm" tt="none">
            Kundenr. {d.no}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c={dummy ? 'red.8' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {[
          d.address,
          [d.zipCode, d.city].filter(Boolean).join(' '),
          d.phone ? `Tlf. ${formatPhone(d.phone)}` : '',
          d.cvr ? `CVR ${d.cvr}` : '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Paper>
  );
}

/**
 * 'Oprettelse af opgave*': order type, customer/company search, the car and who pays, with
 * Continue to the products once make and model are set (document 1 section 2).
 */
export function OrderBlock() {
  const { order, inProgress, clear } = useOrderFlow();
  const actions = useOrderActions();
  const navigate = useNavigate();
  const debitorRule = useDebitorRule();
  const type = order.additionalData.orderType;
  const typeData = (CREATABLE_ORDER_TYPES.includes(type) ? CREATABLE_ORDER_TYPES : [type, ...CREATABLE_ORDER_TYPES]).map((t) => ({
    value: t,
    label: ORDER_TYPE_LABELS[t],
  }));

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="order-block-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id="order-block-title">
          Oprettelse af opgave*
        </Title>
        {inProgress ? (
          <Button variant="subtle" color="gray" size="xs" leftSection={<IconX size={14} />} onClick={clear}>
            Ryd
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        <Select
          label="Ordretype"
          data={typeData}
          value={type}
          onChange={(value) => value && actions.setOrderType(value as TOrderType)}
          allowDeselect={false}
          maw={{ base: '100%', sm: 320 }}
        />

        <Divider label="Kunde" labelPosition="left" />
        <CustomerSearch onChoose={actions.chooseCustomer} disabled={debitorRule.lockedPayer !== null} />
        <ChosenDebitor />

        <Divider label="Bil" labelPosition="left" />
        <CarFields car={order.car} onChange={actions.setCar} />

        <Divider label="Betaling" labelPosition="left" />
        <WhoPaysField order={order} onChoose={actions.choosePayer} lockedTo={debitorRule.lockedPayer} />
        {debitorRule.note}

        <Box>
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {!canContinueFromDashboard(order) ? (
              <Text size="sm" c="dimmed">
                Vælg bilmærke og model for at fortsætte.
              </Text>
            ) : null}
            <Button
              rightSection={<IconArrowRight size={16} />}
              disabled={!canContinueFromDashboard(order)}
              onClick={() => navigate(SCREENS.PRODUCTS.path)}
            >
              Fortsæt
            </Button>
          </Group>
        </Box>
      </Stack>
    </Paper>
  );
}
