import { Badge, Modal, Stack, Table, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/domain/lib/dates';
import type { TJournalEntry } from '@/domain/journal';
import { api } from '../../../lib/api-client';
import { LoadingStatus } from '../../../components/query-state';

interface HistoryDialogProps {
  orderId: string;
  opened: boolean;
  onClose: () => void;
}

/** 'Historik': the task journal (GET /api/taskjournal/{id}), newest first, with the fields each change edited. */
export function HistoryDialog({ orderId, opened, onClose }: HistoryDialogProps) {
  const journal = useQuery({
    queryKey: ['taskjournal', orderId],
    queryFn: ({ signal }) => api.get<TJournalEntry[]>(`/api/taskjournal/${encodeURIComponent(orderId)}`, signal),
    enabled: opened,
    staleTime: 0,
    meta: { errorMessage: 'Api: "getTaskJournal" failed' },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Historik og ændringer" size="xl" closeButtonProps={{ 'aria-label': 'Luk dialogen' }}>
      {journal.isPending ? (
        <LoadingStatus size="sm" label="Henter historik" />
      ) : (journal.data ?? []).length === 0 ? (
        <Text c="dimmed" size="sm">
          Ingen historik.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} aria-label="Historik">
          {(journal.data ?? []).map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                <Text size="sm" fw={600}>
                  {entry.text}
                </Text>
              }
            >
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.date)} · {entry.byName || entry.by}{' '}
                  {entry.byName && entry.by ? (
                    <Badge size="xs" variant="light" radius="sm">
                      {entry.by}
                    </Badge>
                  ) : null}
                </Text>
                {entry.changes.length > 0 ? (
                  <Table.ScrollContainer minWidth={420}>
                    <Table withTableBorder striped verticalSpacing={2} fz="xs" aria-label={`Ændringer ${formatDateTime(entry.date)}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Felt</Table.Th>
                          <Table.Th>Før</Table.Th>
                          <Table.Th>Efter</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {entry.changes.map((change) => (
                          <Table.Tr key={change.field}>
                            <Table.Td>{change.label}</Table.Td>
                            <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.from ?? '–'}</Table.Td>
                            <Table.Td style={{ overflowWrap: 'anywhere' }}>{change.to ?? '–'}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                ) : null}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
}
