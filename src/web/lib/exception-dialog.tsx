/**
 * The exception dialog (document 3 section 8): an API error with status 500 or type
 * VALIDATION_ERROR opens a dialog with the message as header; a validation error lists its
 * field errors, anything else shows the stack trace; 'Luk' closes it.
 */
import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ApiError } from './api-client';

// The rule lives beside ApiError, so the shell's error handling need not load this dialog until it opens.
export { shouldOpenExceptionDialog } from './api-client';

interface ExceptionDetailsProps {
  error: ApiError;
  /** Danish labels for field paths, so a user reads 'Initialer' rather than 'initials'. */
  fieldLabels?: Record<string, string>;
  onClose: () => void;
}

export function ExceptionDetails({ error, fieldLabels = {}, onClose }: ExceptionDetailsProps) {
  const entries = Object.entries(error.errors ?? {});
  return (
    <Stack gap="md">
      {error.type === 'VALIDATION_ERROR' ? (
        entries.length > 0 ? (
          <List spacing="xs" size="sm">
            {entries.map(([field, messages]) => (
              <List.Item key={field}>
                <Text span fw={600} size="sm">
                  {fieldLabels[field] ?? field}:
                </Text>{' '}
                {messages.join(' ')}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">Der er ingen flere oplysninger om fejlen.</Text>
        )
      ) : error.stackTrace ? (
        <Code block style={{ maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
          {error.stackTrace}
        </Code>
      ) : (
        <Text size="sm">Der er ingen flere oplysninger om fejlen.</Text>
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>Luk</Button>
      </Group>
    </Stack>
  );
}

export function openExceptionDialog(error: ApiError, fieldLabels?: Record<string, string>): string {
  const modalId = `exception-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  modals.open({
    modalId,
    title: error.message,
    size: 'lg',
    children: <ExceptionDetails error={error} fieldLabels={fieldLabels} onClose={() => modals.close(modalId)} />,
  });
  return modalId;
}
