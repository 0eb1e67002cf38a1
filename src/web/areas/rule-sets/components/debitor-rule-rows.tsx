import {
  ActionIcon,
  Badge,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Select } from '../../../components/select';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconTrash } from '@tabler/icons-react';
import type { ChangeEvent, CSSProperties } from 'react';
import {
  DEBITOR_RULE_TYPE_LABELS,
  DEBITOR_RULE_TYPES,
  type TDebitorRuleSet,
  type TDebitorRuleType,
} from '@/domain/rule-sets/rule-set.schemas';
import type { TSortDirection, TSortKey } from '../debitor-rule-order';
import { DebitorPicker } from './debitor-picker';
import { useRowDraft, type TSaveMode } from './use-row-draft';

/** The row's tint by type (the type is also written in its own column). */
export const TYPE_COLORS: Record<TDebitorRuleType, string | null> = {
  '': null,
  OFFER: 'blue',
  INSURANCE: 'teal',
  LEASING: 'yellow',
  MIXED: 'grape',
};

export const TYPE_OPTIONS = DEBITOR_RULE_TYPES.filter((type) => type !== '').map((type) => ({
  value: type,
  label: DEBITOR_RULE_TYPE_LABELS[type],
}));

/** The four text fields of a row, with their column names. */
export const TEXT_FIELDS = [
  ['user', 'Bruger'],
  ['owner', 'Ejer'],
  ['leasing', 'Leasing'],
  ['insurrance', 'Forsikring'],
] as const;

export type TSort = { key: TSortKey; direction: TSortDirection } | null;

export function rowTint(type: TDebitorRuleType): CSSProperties | undefined {
  const color = TYPE_COLORS[type];
  return color ? { backgroundColor: `var(--mantine-color-${color}-0)` } : undefined;
}

function edgeOf(type: TDebitorRuleType): CSSProperties | undefined {
  const color = TYPE_COLORS[type];
  return color ? { boxShadow: `inset 4px 0 0 var(--mantine-color-${color}-6)` } : undefined;
}

export interface RowProps {
  row: TDebitorRuleSet;
  /** 1-based place in the list as shown, for the fields' names. */
  number: number;
  debitorName: string | undefined;
  onSave: (draft: TDebitorRuleSet) => void;
  onDelete: (row: TDebitorRuleSet) => void;
  onDebitorName: (no: string, name: string) => void;
  failed: boolean;
  autoFocus: boolean;
}

function useRowFields({ row, onSave, onDebitorName }: Pick<RowProps, 'row' | 'onSave' | 'onDebitorName'>) {
  const { draft, change, flush } = useRowDraft(row, onSave);
  const text = (field: (typeof TEXT_FIELDS)[number][0]) => ({
    value: draft[field],
    // The whole text on hover, where the column is narrower than it.
    title: draft[field] || undefined,
    maxLength: 200,
    autoComplete: 'off',
    onChange: (event: ChangeEvent<HTMLInputElement>) => change({ [field]: event.currentTarget.value }, 'debounced'),
    onBlur: flush,
  });
  const set = (patch: Partial<TDebitorRuleSet>, mode: TSaveMode = 'now') => change(patch, mode);
  const pickDebitor = (no: string, name: string | undefined) => {
    if (no && name) onDebitorName(no, name);
    if (no !== draft.debitor) set({ debitor: no });
  };
  return { draft, text, set, pickDebitor };
}

function TypeSelect({
  value,
  onChange,
  ...rest
}: {
  value: TDebitorRuleType;
  onChange: (type: TDebitorRuleType) => void;
  label?: string;
  'aria-label'?: string;
}) {
  return (
    <Select
      {...rest}
      size="xs"
      data={TYPE_OPTIONS}
      value={value || null}
      onChange={(type) => onChange((type ?? '') as TDebitorRuleType)}
      placeholder="Ingen"
      clearable
      allowDeselect
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A row of the table on a wide screen. */
export function DebitorRuleTableRow(props: RowProps) {
  const { row, number, debitorName, onDelete, failed, autoFocus } = props;
  const { draft, text, set, pickDebitor } = useRowFields(props);
  const label = (column: string) => `${column}, række ${number}`;
  return (
    <Table.Tr style={rowTint(draft.type)} data-type={draft.type || 'NONE'}>
      <Table.Td style={edgeOf(draft.type)}>
        <TypeSelect aria-label={label('Type')} value={draft.type} onChange={(type) => set({ type })} />
      </Table.Td>
      {TEXT_FIELDS.map(([field, column], index) => (
        <Table.Td key={field}>
          <TextInput size="xs" aria-label={label(column)} autoFocus={autoFocus && index === 0} {...text(field)} />
        </Table.Td>
      ))}
      <Table.Td>
        <DebitorPicker size="xs" aria-label={label('Debitor')} value={draft.debitor} name={debitorName} onChange={pickDebitor} />
      </Table.Td>
      <Table.Td>
        <Checkbox
          aria-label={label('Obligatorisk?')}
          checked={draft.isMandatory}
          onChange={(event) => set({ isMandatory: event.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Slet rækken">
            <ActionIcon variant="subtle" color="red" aria-label={`Slet række ${number}`} onClick={() => onDelete(row)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
          {failed ? (
            <Badge color="red" variant="light" size="sm" radius="sm" tt="none">
              Ikke gemt
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** A row as a card on a phone, every field with its visible label. */
export function DebitorRuleCard(props: RowProps) {
  const { row, number, debitorName, onDelete, failed, autoFocus } = props;
  const { draft, text, set, pickDebitor } = useRowFields(props);
  const color = TYPE_COLORS[draft.type];
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      radius="md"
      aria-label={`Række ${number}`}
      data-type={draft.type || 'NONE'}
      style={{ ...rowTint(draft.type), ...(color ? { borderLeft: `4px solid var(--mantine-color-${color}-6)` } : {}) }}
    >
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" mb="xs">
        <TypeSelect label="Type" value={draft.type} onChange={(type) => set({ type })} />
        <Group gap="xs" wrap="nowrap">
          {failed ? (
            <Badge color="red" variant="light" size="sm" radius="sm" tt="none">
              Ikke gemt
            </Badge>
          ) : null}
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Slet række ${number}`} onClick={() => onDelete(row)}>
            <IconTrash size={20} />
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        {TEXT_FIELDS.map(([field, column], index) => (
          <TextInput key={field} size="xs" label={column} autoFocus={autoFocus && index === 0} {...text(field)} />
        ))}
      </SimpleGrid>
      <DebitorPicker size="xs" mt="xs" label="Debitor" value={draft.debitor} name={debitorName} onChange={pickDebitor} />
      <Checkbox
        mt="sm"
        label="Obligatorisk?"
        checked={draft.isMandatory}
        onChange={(event) => set({ isMandatory: event.currentTarget.checked })}
      />
    </Card>
  );
}

/** A column heading that sorts the rows by it. */
export function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
  width,
}: {
  label: string;
  sortKey: TSortKey;
  sort: TSort;
  onSort: (key: TSortKey) => void;
  width?: number;
}) {
  const active = sort?.key === sortKey ? sort.direction : null;
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th w={width} aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}>
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        fz="sm"
        fw={700}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      >
        {label}
        <Icon size={14} aria-hidden />
        <VisuallyHidden>{active === 'asc' ? '(sorteret stigende)' : active === 'desc' ? '(sorteret faldende)' : '(sortér)'}</VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

export function TypeLegend() {
  return (
    <Group gap="xs" aria-hidden>
      {TYPE_OPTIONS.map(({ value, label }) => (
        <Group key={value} gap={4} wrap="nowrap">
          <span
            style={{
              width: 12,
              height: 12,
              borderRadius: 2,
              background: `var(--mantine-color-${TYPE_COLORS[value]}-6)`,
              display: 'inline-block',
            }}
          />
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
