import { Button, Checkbox, Collapse, Group, Paper, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { TCalendarFilter } from '@/domain/calendar/calendar';
import { CANCELED_LABEL, FILTER_LABELS } from '../calendar-model';

export interface CommandBarProps {
  filters: readonly TCalendarFilter[];
  onFilters: (filters: TCalendarFilter[]) => void;
  /** '24:00': the day from 00:00. */
  fullDay: boolean;
  onFullDay: (fullDay: boolean) => void;
  onNew: () => void;
  onReload: () => void;
  onClear: () => void;
  /** 'Clear' keeps the first department: nothing to clear with one or none. */
  clearDisabled: boolean;
  isPhone: boolean;
  /** The department and fitter pickers, below the commands. */
  children?: ReactNode;
}

/**
 * The calendar's command bar (document 3): 'Ny Aftale'; the filters Afdeling, Tidslots, Rudeskift, Sten slag,
 * Mersalg, Reklamation and '24:00'; on the far side 'Annullerede ordrer', 'Genindlæs' and 'Clear'. On a phone the
 * filters fold away under 'Filtre'.
 */
export function CommandBar({
  filters,
  onFilters,
  fullDay,
  onFullDay,
  onNew,
  onReload,
  onClear,
  clearDisabled,
  isPhone,
  children,
}: CommandBarProps) {
  const [open, { toggle }] = useDisclosure(false);
  const toggleFilter = (key: TCalendarFilter, on: boolean) => onFilters(on ? [...filters, key] : filters.filter((f) => f !== key));

  const checks = (
    <Group gap="md" role="group" aria-label="Vis i kalenderen" wrap="wrap">
      {FILTER_LABELS.map(({ key, label }) => (
        <Checkbox key={key} label={label} checked={filters.includes(key)} onChange={(e) => toggleFilter(key, e.currentTarget.checked)} />
      ))}
      <Checkbox label="24:00" checked={fullDay} onChange={(e) => onFullDay(e.currentTarget.checked)} />
    </Group>
  );
  const canceled = (
    <Checkbox
      label={CANCELED_LABEL}
      checked={filters.includes('CANCELED')}
      onChange={(e) => toggleFilter('CANCELED', e.currentTarget.checked)}
    />
  );
  const newButton = (
    <Button px={isPhone ? 'xs' : undefined} leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
      Ny Aftale
    </Button>
  );
  const reload = (
    <Button variant="default" px={isPhone ? 'xs' : undefined} leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReload}>
      Genindlæs
    </Button>
  );
  const clear = (
    <Button variant="default" onClick={onClear} disabled={clearDisabled}>
      Clear
    </Button>
  );

  if (isPhone) {
    return (
      <Paper withBorder radius="md" p="sm" mb="sm" component="section" aria-label="Kommandoer">
        {/* Three buttons on a 390 px phone: small ones, and room to wrap should a phone be narrower still. */}
        <Group gap="xs" justify="space-between" wrap="wrap">
          {newButton}
          <Group gap="xs" wrap="nowrap">
            {reload}
            <Button
              variant="subtle"
              px="xs"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={toggle}
              aria-expanded={open}
            >
              Filtre
            </Button>
          </Group>
        </Group>
        <Collapse expanded={open}>
          <Stack gap="sm" pt="sm">
            {checks}
            {canceled}
          </Stack>
        </Collapse>
        {children ? (
          <Stack gap="sm" mt="sm">
            {children}
          </Stack>
        ) : null}
      </Paper>
    );
  }

  return (
    <Paper withBorder radius="md" p="sm" mb="md" component="section" aria-label="Kommandoer">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="lg" wrap="wrap">
          {newButton}
          {checks}
        </Group>
        <Group gap="sm" wrap="nowrap">
          {canceled}
          {reload}
          {clear}
        </Group>
      </Group>
      {children ? (
        <Group gap="sm" mt="sm" align="flex-end" wrap="wrap">
          {children}
        </Group>
      ) : null}
    </Paper>
  );
}
