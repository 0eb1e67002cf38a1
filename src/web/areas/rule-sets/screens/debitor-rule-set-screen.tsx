import { Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useIsMutating } from '@tanstack/react-query';
import { IconCircleCheck, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { DEBITOR_RULE_TYPE_LABELS, ZDebitorRuleSetInput, type TDebitorRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { isApiError } from '../../../lib/api-client';
import { useStaleCopy } from '../../../lib/stale-copy';
import { useIsPhone } from '../../../lib/use-is-phone';
import {
  DEBITOR_RULE_FIELD_LABELS,
  DEBITOR_RULES_KEY,
  useDebitorNames,
  useDebitorRuleSets,
  useDeleteDebitorRuleSet,
  useReadSaved,
  useSaveDebitorRuleSet,
} from '../api';
import { DebitorRuleCard, DebitorRuleTableRow, SortHeader, TEXT_FIELDS, TypeLegend, type TSort } from '../components/debitor-rule-rows';
import { inOrder, sortedIds, type TSortKey } from '../debitor-rule-order';

export const SCREEN_TITLE = 'Debitor regelsæt';

const STALE_OPTIONS = {
  labels: DEBITOR_RULE_FIELD_LABELS,
  format: (field: string, value: unknown) =>
    field === 'type' ? DEBITOR_RULE_TYPE_LABELS[value as keyof typeof DEBITOR_RULE_TYPE_LABELS] || '(ingen)' : undefined,
};

/** What the table shows for a row when it is deleted: its filled fields. */
function describeRow(row: TDebitorRuleSet): string {
  const parts = [DEBITOR_RULE_TYPE_LABELS[row.type], row.user, row.owner, row.leasing, row.insurrance, row.debitor]
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : 'en tom række';
}

/**
 * Debitor regelsæt (/debitor-rule-set, Adminstrator): which debitor pays for a car with a given user, owner,
 * leasing company or insurer, offered or mandatory in the order flow. Every change is saved by itself: a choice at
 * once, a typed text 500 ms after the last keystroke or when the field is left.
 */
export function DebitorRuleSetScreen() {
  const isPhone = useIsPhone();
  const query = useDebitorRuleSets();
  const save = useSaveDebitorRuleSet();
  const remove = useDeleteDebitorRuleSet();
  const saving = useIsMutating({ mutationKey: [...DEBITOR_RULES_KEY, 'save'] }) > 0;
  const rows = useMemo(() => query.data ?? [], [query.data]);

  /** Names of debitors chosen in the picker, before the look-up by number has them. */
  const [pickedNames, setPickedNames] = useState<ReadonlyMap<string, string>>(new Map());
  const lookedUp = useDebitorNames(rows.map((row) => row.debitor));
  const debitorNames = useMemo(() => new Map([...pickedNames, ...lookedUp]), [pickedNames, lookedUp]);
  const rememberName = useCallback(
    (no: string, name: string) => setPickedNames((now) => (now.get(no) === name ? now : new Map(now).set(no, name))),
    [],
  );

  const [sort, setSort] = useState<TSort>(null);
  const [order, setOrder] = useState<string[] | null>(null);
  const shown = inOrder(rows, order);
  const onSort = (key: TSortKey) => {
    const direction = sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc';
    setSort({ key, direction });
    setOrder(sortedIds(rows, key, direction, debitorNames));
  };

  // Saves of one row go one after the other, each with the row as it then is; a deleted row is not saved again.
  const queues = useRef(new Map<string, Promise<unknown>>());
  const deleted = useRef(new Set<string>());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  /**
   * Each row's copy as this screen last saved it: its version goes with the row's next save (a draft keeps the
   * version it was opened with), and it is what another's change is told from (lib/stale-copy.ts).
   */
  const known = useRef(new Map<string, TDebitorRuleSet>());
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const readSaved = useReadSaved();
  const stale = useStaleCopy<TDebitorRuleSet>(STALE_OPTIONS);
  const { check: checkStale } = stale;
  /** A row reloaded after a stale copy is drawn anew, with its draft from the saved copy. */
  const [reloads, setReloads] = useState<ReadonlyMap<string, number>>(new Map());
  const [conflictRow, setConflictRow] = useState<string | null>(null);
  const { mutateAsync } = save;
  const saveRow = useCallback(
    (draft: TDebitorRuleSet) => {
      if (deleted.current.has(draft.id)) return;
      const previous = queues.current.get(draft.id) ?? Promise.resolve();
      const next = previous.then(async () => {
        if (deleted.current.has(draft.id)) return;
        const base = known.current.get(draft.id) ?? rowsRef.current.find((r) => r.id === draft.id) ?? draft;
        try {
          const saved = await mutateAsync(
            ZDebitorRuleSetInput.parse({ ...draft, updateId: known.current.get(draft.id)?.updateId ?? draft.updateId }),
          );
          known.current.set(saved.id, saved);
          setFailures((now) => {
            if (!now.has(draft.id)) return now;
            const copy = new Map(now);
            copy.delete(draft.id);
            return copy;
          });
        } catch (error) {
          const message = isApiError(error) ? (Object.values(error.errors ?? {})[0]?.[0] ?? error.message) : 'Ingen forbindelse';
          setFailures((now) => new Map(now).set(draft.id, message));
          if (await checkStale(error, { base, mine: draft }, () => readSaved.debitorRule(draft.id))) setConflictRow(draft.id);
        }
      });
      queues.current.set(draft.id, next);
    },
    [mutateAsync, checkStale, readSaved],
  );
  const reloadRow = (saved: TDebitorRuleSet | null) => {
    const id = conflictRow;
    if (id) {
      if (saved) known.current.set(id, saved);
      setReloads((now) => new Map(now).set(id, (now.get(id) ?? 0) + 1));
      setFailures((now) => {
        const copy = new Map(now);
        copy.delete(id);
        return copy;
      });
    }
    setConflictRow(null);
    stale.clear();
  };

  const [focusId, setFocusId] = useState<string | null>(null);
  const add = () =>
    save.mutate(ZDebitorRuleSetInput.parse({}), {
      onSuccess: (created) => setFocusId(created.id),
    });

  const confirmDelete = (row: TDebitorRuleSet, number: number) =>
    modals.openConfirmModal({
      title: 'Slet række',
      children: <Text size="sm">{`Du er ved at slette række ${number} (${describeRow(row)}). Er du sikker?`}</Text>,
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleted.current.add(row.id);
        remove.mutate(row.id, {
          onError: () => deleted.current.delete(row.id),
          onSuccess: () =>
            setFailures((now) => {
              const copy = new Map(now);
              copy.delete(row.id);
              return copy;
            }),
        });
      },
    });

  const rowProps = (row: TDebitorRuleSet, index: number) => ({
    row,
    number: index + 1,
    debitorName: debitorNames.get(row.debitor),
    onSave: saveRow,
    onDelete: (r: TDebitorRuleSet) => confirmDelete(r, index + 1),
    onDebitorName: rememberName,
    failed: failures.has(row.id),
    autoFocus: focusId === row.id,
  });

  const firstFailure = shown.findIndex((row) => failures.has(row.id));
  const status = saving ? (
    <Group gap={6}>
      <Loader size={14} aria-hidden />
      <Text size="sm">Gemmer …</Text>
    </Group>
  ) : firstFailure >= 0 ? (
    <Text size="sm" c="red.7">
      {`Række ${firstFailure + 1} blev ikke gemt: ${failures.get(shown[firstFailure]!.id)}`}
    </Text>
  ) : (
    <Group gap={6}>
      <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
      <Text size="sm" c="dimmed">
        Alle ændringer er gemt
      </Text>
    </Group>
  );

  const table = isPhone ? (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Debitor regelsæt">
      {shown.map((row, index) => (
        <DebitorRuleCard key={`${row.id}:${reloads.get(row.id) ?? 0}`} {...rowProps(row, index)} />
      ))}
    </Stack>
  ) : (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={1040}>
        <Table layout="fixed" verticalSpacing={6} horizontalSpacing="xs" aria-label="Debitor regelsæt">
          <Table.Thead>
            <Table.Tr>
              <SortHeader label="Type" sortKey="type" sort={sort} onSort={onSort} width={144} />
              {TEXT_FIELDS.map(([field, label]) => (
                <SortHeader key={field} label={label} sortKey={field} sort={sort} onSort={onSort} />
              ))}
              <SortHeader label="Debitor" sortKey="debitor" sort={sort} onSort={onSort} width={220} />
              <SortHeader label="Obligatorisk?" sortKey="isMandatory" sort={sort} onSort={onSort} width={132} />
              <Table.Th w={failures.size ? 140 : 56}>Slet</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row, index) => (
              <DebitorRuleTableRow key={`${row.id}:${reloads.get(row.id) ?? 0}`} {...rowProps(row, index)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={add} loading={save.isPending && save.variables?.id === ''}>
      Tilføj
    </Button>
  );

  return (
    <>
      <PageHeader
        title={SCREEN_TITLE}
        description="Når bilens bruger, ejer, leasingselskab eller forsikring passer på en række, tilbydes rækkens debitor i ordren; er rækken obligatorisk, skal den debitor betale. Ændringer gemmes af sig selv."
        actions={addButton}
      />
      <QueryState
        query={query}
        loadingLabel="Henter debitor regelsæt"
        errorTitle="Debitor regelsæt kunne ikke hentes"
        isEmpty={rows.length === 0}
        emptyText="Der er ingen rækker endnu. Tilføj en række for en bruger, ejer, et leasingselskab eller en forsikring."
      >
        <StaleCopyNotice conflict={stale.conflict} onReload={reloadRow} onClose={stale.clear} />
        <Group justify="space-between" mb="xs" gap="xs">
          <div role="status" aria-live="polite">
            {status}
          </div>
          <TypeLegend />
        </Group>
        {table}
      </QueryState>
    </>
  );
}
