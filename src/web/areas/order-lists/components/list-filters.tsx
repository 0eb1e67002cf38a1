import { Button, Collapse, Grid, Group, Paper, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { DateField } from '../../../components/date-field';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useIsPhone } from '../../../lib/use-is-phone';
import { ORDER_STATUSES, ORDER_TYPE_LABELS, ORDER_TYPES } from '@/domain/orders/order-enums';
import type { TOrderListRequest, TReviewOrderListRequest } from '@/domain/order-lists';
import { departmentOptionLabel, useDepartmentNames } from '../../departments';
import { statusChoiceLabel } from '../../orders';
import { useReviewers, useReviewInsurers } from '../api';

export type TListFilter = TOrderListRequest & Partial<Pick<TReviewOrderListRequest, 'insurer' | 'reviewer'>>;

interface ListFiltersProps {
  filter: TListFilter;
  /** Changes a filter and goes back to the first page. */
  onChange: (change: Partial<TListFilter>) => void;
  /** Gennemsyn adds insurer and reviewer. */
  review: boolean;
  /** A phone-or-mail search ignores status and dates: they are shown disabled. */
  byContact: boolean;
  /** Searching by phone or e-mail opens /assignments/:phoneOrMail. */
  onContactSearch?: (value: string) => void;
}

const ALL = '';
const typeOptions = [{ value: ALL, label: 'Alle typer' }, ...ORDER_TYPES.map((t) => ({ value: t, label: ORDER_TYPE_LABELS[t] }))];
const statusOptions = [{ value: ALL, label: 'Alle statusser' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: statusChoiceLabel(s) }))];
const sortOptions = [
  { value: 'DATE', label: 'Dato, ældste først' },
  { value: 'DATE_DESC', label: 'Dato, nyeste først' },
];
const day = (wire: string | undefined) => (wire ? wire.slice(0, 10) : null);

/** The list filters: type, department, status, from and to date, free text, sort (and Gennemsyn's insurer and reviewer). */
export function ListFilters({ filter, onChange, review, byContact, onContactSearch }: ListFiltersProps) {
  const departments = useDepartmentNames();
  const insurers = useReviewInsurers(review);
  const reviewers = useReviewers(review);
  const [text, setText] = useState(filter.freeText);
  const [contact, setContact] = useState(filter.phoneOrMail);
  const commitText = useDebouncedCallback((value: string) => onChange({ freeText: value.trim() }), 300);

  const departmentOptions = [
    { value: ALL, label: 'Alle afdelinger' },
    ...(departments.data ?? []).map((d) => ({ value: d.id, label: departmentOptionLabel(d) })),
  ];

  const col = { base: 12, xs: 6, md: 3 } as const;
  const isPhone = useIsPhone();
  const [more, { toggle }] = useDisclosure(false);
  // On a phone only the free text shows at first; the other filters open under 'Filtre', and are drawn only once
  // they have been opened: six lists and two date fields less in the list's first draw on a slow phone (issue 38).
  const [moreDrawn, setMoreDrawn] = useState(false);
  const rest = (children: ReactNode) =>
    isPhone ? (
      <Grid.Col span={12} p={0}>
        <Collapse expanded={more}>
          {moreDrawn ? (
            <Grid gap="sm" p={6}>
              {children}
            </Grid>
          ) : null}
        </Collapse>
      </Grid.Col>
    ) : (
      children
    );
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md" component="section" aria-label="Filtre">
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TextInput
            label="Fritekst"
            placeholder="Ordrenr., reg.nr., e-mail, tlf., debitornr."
            value={text}
            leftSection={<IconSearch size={16} />}
            rightSectionWidth={isPhone ? 90 : undefined}
            rightSection={
              isPhone ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconAdjustmentsHorizontal size={14} />}
                  onClick={() => {
                    setMoreDrawn(true);
                    toggle();
                  }}
                  aria-expanded={more}
                >
                  Filtre
                </Button>
              ) : null
            }
            onChange={(event) => {
              setText(event.currentTarget.value);
              commitText(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') onChange({ freeText: text.trim() });
            }}
          />
        </Grid.Col>
        {rest(
          <>
            <Grid.Col span={col}>
              <Select
                label="Type"
                data={typeOptions}
                value={filter.type ?? ALL}
                onChange={(v) => onChange({ type: (v || undefined) as TListFilter['type'] })}
                allowDeselect={false}
              />
            </Grid.Col>
            <Grid.Col span={col}>
              <Select
                label="Status"
                data={statusOptions}
                value={filter.status ?? ALL}
                onChange={(v) => onChange({ status: (v || undefined) as TListFilter['status'] })}
                allowDeselect={false}
                disabled={byContact}
              />
            </Grid.Col>
            <Grid.Col span={col}>
              <Select
                label="Afdeling"
                data={departmentOptions}
                value={filter.department ?? ALL}
                onChange={(v) => onChange({ department: v || undefined })}
                searchable
                allowDeselect={false}
                nothingFoundMessage="Ingen afdelinger"
                maxDropdownHeight={500}
              />
            </Grid.Col>
            <Grid.Col span={col}>
              <DateField
                label="Fra dato"
                value={day(filter.fromDate)}
                onChange={(v) => onChange({ fromDate: v ? `${v.slice(0, 10)}T00:00:00` : undefined })}
                clearable
                clearButtonProps={{ 'aria-label': 'Ryd Fra dato' }}
                disabled={byContact}
                placeholder="Alle"
              />
            </Grid.Col>
            <Grid.Col span={col}>
              <DateField
                label="Til dato"
                value={day(filter.toDate)}
                onChange={(v) => onChange({ toDate: v ? `${v.slice(0, 10)}T23:59:59` : undefined })}
                clearable
                clearButtonProps={{ 'aria-label': 'Ryd Til dato' }}
                disabled={byContact}
                placeholder="Alle"
              />
            </Grid.Col>
            <Grid.Col span={col}>
              <Select
                label="Sortering"
                data={sortOptions}
                value={filter.orderSortType}
                onChange={(v) => onChange({ orderSortType: (v ?? 'DATE') as TListFilter['orderSortType'] })}
                allowDeselect={false}
              />
            </Grid.Col>
            {review ? (
              <>
                <Grid.Col span={col}>
                  <Select
                    label="Forsikringsselskab"
                    data={[
                      { value: ALL, label: 'Alle forsikringsselskaber' },
                      ...(insurers.data ?? []).map((i) => ({ value: i.name, label: i.name })),
                    ]}
                    value={filter.insurer ?? ALL}
                    onChange={(v) => onChange({ insurer: v ?? '' })}
                    allowDeselect={false}
                    searchable
                  />
                </Grid.Col>
                <Grid.Col span={col}>
                  <Select
                    label="Gennemser"
                    data={[
                      { value: ALL, label: 'Alle gennemsere' },
                      ...(reviewers.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.initials})` })),
                    ]}
                    value={filter.reviewer ?? ALL}
                    onChange={(v) => onChange({ reviewer: v || undefined })}
                    allowDeselect={false}
                  />
                </Grid.Col>
              </>
            ) : null}
            {onContactSearch ? (
              <Grid.Col span={{ base: 12, md: 6 }}>
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (contact.trim()) onContactSearch(contact.trim());
                  }}
                >
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <TextInput
                      label="Telefon eller e-mail"
                      placeholder="Søg i alle ordrer, alle datoer"
                      value={contact}
                      onChange={(event) => setContact(event.currentTarget.value)}
                      style={{ flex: 1 }}
                    />
                    <Button type="submit" variant="light" disabled={!contact.trim()}>
                      Søg
                    </Button>
                  </Group>
                </form>
              </Grid.Col>
            ) : null}
          </>,
        )}
      </Grid>
    </Paper>
  );
}
