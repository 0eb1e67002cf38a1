import { ActionIcon, Box, Button, Center, Group, Pagination, Paper, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { QueryState, LoadingStatus } from '../../../components/query-state';

interface PagedSectionProps {
  title: string;
  /** The create button's text ('Opret ny regl'). */
  createLabel: string;
  onCreate: () => void;
  query: { isPending: boolean; isError: boolean; isFetching: boolean };
  loadingLabel: string;
  errorTitle: string;
  isEmpty: boolean;
  emptyText: string;
  /** 0-based. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  children: ReactNode;
}

/** One of the screen's two lists: heading with its create button, the rows, and page numbers below. */
export function PagedSection({
  title,
  createLabel,
  onCreate,
  query,
  loadingLabel,
  errorTitle,
  isEmpty,
  emptyText,
  page,
  totalPages,
  onPage,
  children,
}: PagedSectionProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <Group gap="xs">
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          {query.isFetching && !query.isPending ? <LoadingStatus size="xs" label={`Opdaterer ${title.toLowerCase()}`} /> : null}
        </Group>
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
          {createLabel}
        </Button>
      </Group>
      <QueryState query={query} loadingLabel={loadingLabel} errorTitle={errorTitle} isEmpty={isEmpty} emptyText={emptyText}>
        {children}
        {totalPages > 1 ? (
          <Center mt="sm">
            <Pagination
              total={totalPages}
              value={page + 1}
              onChange={(value) => onPage(value - 1)}
              siblings={1}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': `${{ first: 'Første', previous: 'Forrige', next: 'Næste', last: 'Sidste' }[control]} side af ${title.toLowerCase()}`,
              })}
              getItemProps={(value) => ({
                'aria-label': `${title}, side ${value}`,
                'aria-current': value === page + 1 ? 'page' : undefined,
              })}
            />
          </Center>
        ) : null}
      </QueryState>
    </Box>
  );
}

/** The frame of a desktop table. */
export function TableFrame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      {children}
    </Paper>
  );
}

interface ToggleProps {
  expanded: boolean;
  onToggle: () => void;
  /** What the row is, for the button's name ('Vis detaljer for …'). */
  name: string;
  controls: string;
}

/** The expand button of a row; on a card it says 'Detaljer'. */
export function ExpandToggle({ expanded, onToggle, name, controls, withText = false }: ToggleProps & { withText?: boolean }) {
  const label = `${expanded ? 'Skjul' : 'Vis'} detaljer for ${name}`;
  if (withText) {
    return (
      <Button
        variant="subtle"
        size="compact-sm"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        leftSection={expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        onClick={onToggle}
      >
        {expanded ? 'Skjul detaljer' : 'Detaljer'}
      </Button>
    );
  }
  return (
    <Tooltip label={expanded ? 'Skjul detaljer' : 'Vis detaljer'}>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={label}
        aria-expanded={expanded}
        aria-controls={expanded ? controls : undefined}
        onClick={(event) => {
          event.stopPropagation();
          onToggle();
        }}
      >
        {expanded ? <IconChevronDown size={18} /> : <IconChevronRight size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Rediger and Slet of a row. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  busy = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  busy?: boolean;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Rediger">
        <ActionIcon
          variant="subtle"
          aria-label={`Rediger ${name}`}
          onClick={(event) => {
            event.stopPropagation();
            onEdit();
          }}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Slet">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Slet ${name}`}
          loading={busy}
          onClick={(event) => {
            event.stopPropagation();
            onDelete();
          }}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** A label and its value in an expanded row. */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm">{children}</Box>
    </Box>
  );
}
