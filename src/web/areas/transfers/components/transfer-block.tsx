import { Anchor, Badge, Box, Center, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import { isSetGuid } from '@/domain/lib/guid';
import { openQuantity, type TTransferLine } from '@/domain/transfers/transfer.schemas';
import { useSession } from '../../users';
import { useTransferLocations, useTransfers } from '../api';
import { counterpartCode, formatQuantity, lineKey, waitingLines, type TransferPlace } from '../transfer-view';
import { ConfirmTransferDialog } from './confirm-transfer-dialog';
import { HandleButton, RegisteredCheck } from './line-status';
import { LoadingStatus } from '../../../components/query-state';

/** No dates: every line still waiting, however old. */
const ALL_DATES = { fromDate: '', toDate: '', orderNr: '' };

function VareflytLink() {
  return (
    <Anchor component={Link} to={SCREENS.ORDERS.path} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        Åbn Vareflyt <IconArrowRight size={14} />
      </Group>
    </Anchor>
  );
}

function BlockFrame({ children, subtitle }: { children: ReactNode; subtitle?: ReactNode }) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby="transfer-block-title"
      h="100%"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" mb="xs" gap="xs" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h3" id="transfer-block-title">
            Vareflyt
          </Title>
          {subtitle ? (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          ) : null}
        </div>
        <Box style={{ flexShrink: 0 }} pt={4}>
          <VareflytLink />
        </Box>
      </Group>
      <Box style={{ flex: '1 1 auto', minHeight: 0, overflowY: 'auto' }}>{children}</Box>
    </Paper>
  );
}

function LineRow({ line, onHandle }: { line: TTransferLine; onHandle: () => void }) {
  const open = openQuantity(line);
  return (
    <Group
      component="li"
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <div style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {line.order_No}
          </Text>
          <Text size="sm">{line.item_No}</Text>
          <RegisteredCheck line={line} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
        <Text size="xs" c="dimmed">
          {formatQuantity(open > 0 ? open : line.qty_in_Transit, line.measure_Unit)} {line.is_Receipt ? 'fra' : 'til'}{' '}
          {counterpartCode(line)}
        </Text>
      </div>
      <Box style={{ flexShrink: 0 }}>
        <HandleButton line={line} onHandle={onHandle} />
      </Box>
    </Group>
  );
}

function LineGroup({ title, lines, onHandle }: { title: string; lines: TTransferLine[]; onHandle: (line: TTransferLine) => void }) {
  const id = `transfer-block-${title === 'Til afsendelse' ? 'ship' : 'receive'}`;
  return (
    <Box component="section" aria-labelledby={id} mb="sm">
      <Group gap={6} mb={2}>
        <Title order={3} size="h6" id={id}>
          {title}
        </Title>
        <Badge size="sm" variant="light" radius="sm" circle={false} tt="none">
          {lines.length}
        </Badge>
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Ingen
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line) => (
            <LineRow key={lineKey(line)} line={line} onHandle={() => onHandle(line)} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The dashboard's transfer-orders block (document 1, for Adminstrator, Operation and Stock): the lines waiting at
 * the user's department, to send and to receive, each with its handle button, and a link to Vareflyt. It fills the
 * room the dashboard keeps for it (the list scrolls inside), so nothing below moves while it loads.
 */
export function TransferBlock() {
  const { user } = useSession();
  const place: TransferPlace | null =
    user && isSetGuid(user.departmentGuid)
      ? { code: user.departmentId, name: user.departmentName, departmentId: user.departmentGuid }
      : null;
  const list = useTransfers(place, ALL_DATES);
  const locations = useTransferLocations();
  const names = useMemo(() => new Map((locations.data ?? []).map((l) => [l.code, l.name])), [locations.data]);
  const [handling, setHandling] = useState<TTransferLine | null>(null);
  const waiting = useMemo(() => waitingLines(list.data ?? []), [list.data]);

  if (!place) {
    return (
      <BlockFrame>
        <Text size="sm" c="dimmed">
          Du er ikke knyttet til en afdeling. Vælg en lokation i Vareflyt for at se dens overflytninger.
        </Text>
      </BlockFrame>
    );
  }
  const total = waiting.toShip.length + waiting.toReceive.length;
  return (
    <BlockFrame subtitle={`Venter i ${place.name}`}>
      {list.isPending ? (
        <Center h="100%">
          <LoadingStatus label="Henter overflytninger" />
        </Center>
      ) : list.isError ? (
        <Text size="sm" c="red.8">
          Overflytningerne kunne ikke hentes. Prøv at genindlæse siden.
        </Text>
      ) : total === 0 ? (
        <Text size="sm" c="dimmed">
          Ingen overflytninger venter på {place.name}.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing={0}>
          <LineGroup title="Til afsendelse" lines={waiting.toShip} onHandle={setHandling} />
          <LineGroup title="Til modtagelse" lines={waiting.toReceive} onHandle={setHandling} />
        </SimpleGrid>
      )}
      <ConfirmTransferDialog line={handling} place={place} onClose={() => setHandling(null)} nameOf={(code) => names.get(code)} />
    </BlockFrame>
  );
}
