import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDeviceFloppy, IconLock, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { reasonListErrors, reasonRowErrors } from '@/domain/orders/order-lifecycle';
import { OTHER_REASON } from '@/domain/orders/order-lifecycle.schemas';

/** The most reasons a list may hold (the server's limit). */
export const MAX_REASONS = 50;
export const MAX_REASON_LENGTH = 200;

export interface ReasonRow {
  /** A key of the row while it is edited (the text may change). */
  key: string;
  text: string;
}

let nextKey = 0;
export function newRow(text = ''): ReasonRow {
  nextKey += 1;
  return { key: `r${nextKey}`, text };
}

/** The editable rows of a saved list: every reason but the fixed 'Andet', which always ends the list. */
export function rowsOf(texts: readonly string[]): ReasonRow[] {
  return texts.filter((text) => text !== OTHER_REASON).map((text) => newRow(text));
}

/** The list as it is sent: the trimmed rows, then 'Andet'. */
export function textsOf(rows: readonly ReasonRow[]): string[] {
  return [...rows.map((row) => row.text.trim()), OTHER_REASON];
}

/** Row errors (empty, repeated; a row typed as 'Andet' repeats the fixed one) and the list's other errors. */
export function editorErrors(rows: readonly ReasonRow[]): { rows: Array<string | null>; list: string[] } {
  const rowErrors = reasonRowErrors([OTHER_REASON, ...rows.map((row) => row.text)]).slice(1);
  // A repeated text is already shown at its row.
  const listErrors = (reasonListErrors(textsOf(rows), 'list').list ?? []).filter((message) => !rowErrors.includes(message));
  return { rows: rowErrors, list: listErrors };
}

interface ReasonListEditorProps {
  title: string;
  rows: ReasonRow[];
  dirty: boolean;
  /** Show the errors (after the first 'Gem'). */
  showErrors: boolean;
  saving: boolean;
  onChange: (rows: ReasonRow[]) => void;
  onSave: () => void;
  onReset: () => void;
}

/** One reason list: each text editable in place, add, remove, move up/down, and 'Gem'. */
export function ReasonListEditor({ title, rows, dirty, showErrors, saving, onChange, onSave, onReset }: ReasonListEditorProps) {
  const inputs = useRef(new Map<string, HTMLTextAreaElement>());
  const errors = editorErrors(rows);

  const setText = (key: string, text: string) => onChange(rows.map((row) => (row.key === key ? { ...row, text } : row)));
  const remove = (key: string) => onChange(rows.filter((row) => row.key !== key));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  const add = () => {
    const row = newRow();
    onChange([...rows, row]);
    // Focus the new row once it is rendered.
    requestAnimationFrame(() => inputs.current.get(row.key)?.focus());
  };
  const label = (row: ReasonRow, index: number) => row.text.trim() || `årsag ${index + 1}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} fz={{ base: 18, sm: 20 }} style={{ minWidth: 0 }}>
          {title}
        </Title>
        {dirty ? (
          <Badge color="orange" variant="light" tt="none" style={{ flexShrink: 0 }}>
            Ikke gemt
          </Badge>
        ) : null}
      </Group>

      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Årsager: ${title}`}>
        {rows.map((row, index) => (
          <Group key={row.key} component="li" gap={6} wrap="nowrap" align="flex-start">
            <Text size="sm" c="dimmed" w={24} ta="right" pt={8} style={{ flexShrink: 0 }} aria-hidden>
              {index + 1}.
            </Text>
            {/* A text area that grows, so a long reason wraps instead of being cut off on a phone; no line breaks. */}
            <Textarea
              autosize
              minRows={1}
              ref={(element) => {
                if (element) inputs.current.set(row.key, element);
                else inputs.current.delete(row.key);
              }}
              aria-label={`Årsag ${index + 1}`}
              value={row.text}
              onChange={(event) => setText(row.key, event.currentTarget.value.replace(/[\r\n]+/g, ' '))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              maxLength={MAX_REASON_LENGTH}
              error={showErrors ? errors.rows[index] : null}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Group gap={2} wrap="nowrap" pt={4} style={{ flexShrink: 0 }}>
              <Tooltip label="Flyt op" openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Flyt ${label(row, index)} op`}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Flyt ned" openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Flyt ${label(row, index)} ned`}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Fjern" openDelay={400}>
                <ActionIcon variant="subtle" color="red" onClick={() => remove(row.key)} aria-label={`Fjern ${label(row, index)}`}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
        ))}
        <Group component="li" gap={6} wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed" w={24} ta="right" pt={8} style={{ flexShrink: 0 }} aria-hidden>
            {rows.length + 1}.
          </Text>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <TextInput aria-label={`Årsag ${rows.length + 1}`} value={OTHER_REASON} readOnly rightSection={<IconLock size={14} />} />
            <Text size="xs" c="dimmed">
              &apos;Andet&apos; står altid sidst. Vælger man den, skal der skrives en kommentar.
            </Text>
          </Stack>
        </Group>
      </Stack>

      {showErrors && errors.list.length > 0 ? (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {errors.list.join(' ')}
        </Alert>
      ) : null}

      <Group justify="space-between" mt="md" gap="sm">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={rows.length + 1 >= MAX_REASONS}>
          Tilføj årsag
        </Button>
        <Group gap="sm">
          {dirty ? (
            <Button variant="default" leftSection={<IconRestore size={16} />} onClick={onReset} disabled={saving}>
              Fortryd
            </Button>
          ) : null}
          <Button leftSection={<IconDeviceFloppy size={16} />} onClick={onSave} loading={saving} disabled={!dirty}>
            Gem
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
