import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { TStaleCopy } from '../lib/stale-copy';

interface StaleCopyNoticeProps<T> {
  conflict: TStaleCopy<T> | null;
  /** Loads the saved copy into the form (the saved copy read for the diff, or null when it could not be read). */
  onReload: (saved: T | null) => void;
  /** Keeps the form as it is (to copy a value from it) without saving. */
  onClose: () => void;
}

/**
 * A save refused because another saved the object meanwhile (lib/stale-copy.ts): the server's message, what the
 * other changed (field, your value, the saved value), and 'Genindlæs', which loads the saved copy into the form.
 */
export function StaleCopyNotice<T>({ conflict, onReload, onClose }: StaleCopyNoticeProps<T>) {
  if (!conflict) return null;
  return (
    <Alert color="orange" title="Ændret af en anden" role="alert" mb="md">
      <Stack gap="sm">
        <Text size="sm">{conflict.message}</Text>
        {conflict.saved === null ? null : conflict.changes.length === 0 ? (
          <Text size="sm">Ingen af felterne her er ændret; det gemte har kun fået en ny version.</Text>
        ) : (
          <Table withTableBorder striped fz="sm" aria-label="Ændret af en anden">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Felt</Table.Th>
                <Table.Th scope="col">Din værdi</Table.Th>
                <Table.Th scope="col">Gemt værdi</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflict.changes.map((change) => (
                <Table.Tr key={change.field}>
                  <Table.Th scope="row">{change.label}</Table.Th>
                  <Table.Td>{change.mine}</Table.Td>
                  <Table.Td>{change.saved}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Text size="sm" c="dimmed">
          Genindlæs henter det gemte; dine ændringer, der ikke er gemt, går tabt. Luk beholder dem på skærmen, uden at gemme.
        </Text>
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={18} />} onClick={() => onReload(conflict.saved)}>
            Genindlæs
          </Button>
          <Button variant="default" onClick={onClose}>
            Luk
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
