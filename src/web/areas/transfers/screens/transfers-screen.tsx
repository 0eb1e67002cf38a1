import { Alert, Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isSetGuid } from '@/domain/lib/guid';
import type { TTransferLine } from '@/domain/transfers/transfer.schemas';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import { toPlace, useTransferLocations, useTransfers } from '../api';
import { ConfirmTransferDialog } from '../components/confirm-transfer-dialog';
import { CreateTransferDialog } from '../components/create-transfer-dialog';
import { StockOverview } from '../components/stock-overview';
import { TransferFilterForm } from '../components/transfer-filter-form';
import { CompactTransferTable, TransferTable } from '../components/transfer-lines';
import { defaultFilter, lineState, readFilter, writeFilter, type TransferFilter, type TransferPlace } from '../transfer-view';

/**
 * Vareflyt (/orders): transfer orders of a location, made with 'Opret', shipped and received with the handle button;
 * below them the location's Lageroversigt, where the stock keepers correct a count ('Ret antal').
 */
export function TransfersScreen() {
  const { user } = useSession();
  const isPhone = useIsPhone();
  const locations = useTransferLocations();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const [handling, setHandling] = useState<TTransferLine | null>(null);
  const [onlyOpen, setOnlyOpen] = useState(false);

  // The user's own department is known at once from the session, so its list is asked for beside the locations.
  const ownPlace: TransferPlace | null =
    user && isSetGuid(user.departmentGuid)
      ? { code: user.departmentId, name: user.departmentName, departmentId: user.departmentGuid }
      : null;
  const ownCode = locations.data?.find((l) => l.departmentId === ownPlace?.departmentId)?.code ?? ownPlace?.code ?? '';
  const filter = readFilter(params, defaultFilter(ownCode));
  const chosen = locations.data?.find((l) => l.code === filter.location);
  const place: TransferPlace | null = chosen ? toPlace(chosen) : ownPlace && filter.location === ownCode ? ownPlace : null;
  const list = useTransfers(place, filter);
  const names = useMemo(() => new Map((locations.data ?? []).map((l) => [l.code, l.name])), [locations.data]);
  const nameOf = (code: string) => names.get(code);

  const apply = (next: TransferFilter) => setParams(writeFilter(next), { replace: false });
  const lines = list.data ?? [];
  const shown = onlyOpen ? lines.filter((line) => lineState(line) !== 'done') : lines;
  const toShip = lines.filter((line) => !line.is_Receipt && lineState(line) === 'open').length;
  const toReceive = lines.filter((line) => line.is_Receipt && lineState(line) === 'open').length;

  const onCreated = (created: TTransferLine[]) => {
    const first = created[0];
    // Show the new order where it is handled next: at its source, unless the list already shows one of its ends.
    if (first && filter.location !== first.transfer_from_Code && filter.location !== first.transfer_To_Code) {
      apply({ ...filter, location: first.transfer_from_Code });
    }
  };

  return (
    <>
      <PageHeader
        title="Vareflyt"
        description="Overflytninger mellem afdelinger og lagre: afsend og modtag varer."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} disabled={!locations.data} aria-haspopup="dialog">
            Opret
          </Button>
        }
      />
      <TransferFilterForm
        key={`${filter.fromDate}|${filter.toDate}|${filter.orderNr}`}
        filter={filter}
        locations={locations.data ?? []}
        locationsLoading={locations.isPending}
        onApply={apply}
      />
      <section aria-labelledby="transfer-lines-title">
        <Group justify="space-between" align="flex-end" mb="sm" gap="xs">
          <div>
            <Title order={2} size="h3" id="transfer-lines-title">
              Overflytningsordrer
            </Title>
            {place && list.data ? (
              <Text size="sm" c="dimmed" aria-live="polite">
                {place.name}: {lines.length === 1 ? '1 linje' : `${lines.length} linjer`} · {toShip} at afsende · {toReceive} at modtage
              </Text>
            ) : null}
          </div>
          {place ? (
            <Switch label="Kun åbne linjer" checked={onlyOpen} onChange={(event) => setOnlyOpen(event.currentTarget.checked)} />
          ) : null}
        </Group>
        {!place ? (
          locations.isError ? (
            <Alert color="red" title="Lokationerne kunne ikke hentes">
              Prøv at genindlæse siden.
            </Alert>
          ) : (
            <Paper withBorder p="lg">
              <Text c="dimmed">{locations.isPending ? 'Henter lokationer …' : 'Vælg en lokation for at se dens overflytninger.'}</Text>
            </Paper>
          )
        ) : (
          <QueryState
            query={list}
            loadingLabel="Henter overflytninger"
            errorTitle="Overflytningerne kunne ikke hentes"
            isEmpty={shown.length === 0}
            emptyText={onlyOpen && lines.length > 0 ? 'Alle linjer i perioden er håndteret.' : 'Ingen overflytninger i perioden.'}
          >
            {isPhone ? (
              <CompactTransferTable lines={shown} onHandle={setHandling} nameOf={nameOf} />
            ) : (
              <TransferTable lines={shown} onHandle={setHandling} nameOf={nameOf} />
            )}
          </QueryState>
        )}
      </section>
      {place ? <StockOverview place={place} /> : null}
      {place ? <ConfirmTransferDialog line={handling} place={place} onClose={() => setHandling(null)} nameOf={nameOf} /> : null}
      <CreateTransferDialog
        opened={creating}
        onClose={() => setCreating(false)}
        locations={locations.data ?? []}
        defaultFrom={filter.location}
        onCreated={onCreated}
      />
    </>
  );
}
