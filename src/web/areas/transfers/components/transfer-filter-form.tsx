import { Button, Grid, Paper, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { DateField } from '../../../components/date-field';
import { IconFilter } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { TStockLocation } from '../api';
import { filterProblem, locationOptions, type TransferFilter } from '../transfer-view';

interface TransferFilterFormProps {
  /** The filter the list shows. */
  filter: TransferFilter;
  locations: TStockLocation[];
  locationsLoading: boolean;
  /** Shows the list for this filter. */
  onApply: (filter: TransferFilter) => void;
}

/**
 * Lokation, Fra dato, Til dato, Ordre nr. and Filtrer (document 2 section 2). Choosing another Lokation shows its
 * list at once; dates and the order number are asked for with Filtrer (or Enter).
 */
export function TransferFilterForm({ filter, locations, locationsLoading, onApply }: TransferFilterFormProps) {
  const [fromDate, setFromDate] = useState<string | null>(filter.fromDate || null);
  const [toDate, setToDate] = useState<string | null>(filter.toDate || null);
  const [orderNr, setOrderNr] = useState(filter.orderNr);
  const draft = { location: filter.location, fromDate: fromDate ?? '', toDate: toDate ?? '', orderNr: orderNr.trim() };
  const problem = filterProblem(draft);
  const [shownProblem, setShownProblem] = useState(false);

  const apply = (next: TransferFilter) => {
    if (filterProblem(next)) {
      setShownProblem(true);
      return;
    }
    setShownProblem(false);
    onApply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} mb="md" component="form" onSubmit={submit} aria-label="Filtre" noValidate>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
          <Select
            label="Lokation"
            placeholder={locationsLoading ? 'Henter lokationer …' : 'Vælg lokation'}
            data={locationOptions(locations)}
            value={filter.location || null}
            onChange={(code) => apply({ ...draft, location: code ?? '' })}
            searchable
            allowDeselect={false}
            nothingFoundMessage="Ingen lokationer"
            maxDropdownHeight={360}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
          <DateField
            label="Fra dato"
            value={fromDate}
            onChange={setFromDate}
            maxDate={toDate ?? undefined}
            clearable
            clearButtonProps={{ 'aria-label': 'Ryd Fra dato' }}
            hideOutsideDates
            placeholder="Alle"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3, md: 2 }}>
          <DateField
            label="Til dato"
            value={toDate}
            onChange={setToDate}
            minDate={fromDate ?? undefined}
            clearable
            clearButtonProps={{ 'aria-label': 'Ryd Til dato' }}
            hideOutsideDates
            placeholder="Alle"
            error={shownProblem && problem ? problem : undefined}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 7, sm: 6, md: 3 }}>
          <TextInput
            label="Ordre nr."
            placeholder="F.eks. OF100001"
            value={orderNr}
            onChange={(event) => setOrderNr(event.currentTarget.value)}
            maxLength={20}
            autoComplete="off"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, sm: 6, md: 2 }}>
          <Button type="submit" fullWidth leftSection={<IconFilter size={16} />}>
            Filtrer
          </Button>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
