import { Box, Checkbox, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useId, useState } from 'react';

export interface Choice {
  value: string;
  label: string;
  /** A heading the choice is listed under ('Værksteder', 'Mobilservice'); choices come sorted by it. */
  group?: string;
}

interface ChoiceListProps {
  label: string;
  /** 'afdelinger', 'regler': the search field's and the count's words. */
  plural: string;
  choices: Choice[];
  value: string[];
  onToggle: (value: string, checked: boolean) => void;
  /** Marks the list as missing a choice (the form's alert says what). */
  invalid?: boolean;
  description?: string;
  disabled?: boolean;
}

/**
 * A multi-select as a list of checkboxes with a search field: every choice visible and reachable with Tab,
 * usable on a phone without a dropdown, and the chosen ones counted above.
 */
export function ChoiceList({ label, plural, choices, value, onToggle, invalid = false, description, disabled = false }: ChoiceListProps) {
  const [search, setSearch] = useState('');
  const id = useId();
  const words = search.trim().toLocaleLowerCase('da').split(/\s+/).filter(Boolean);
  const shown = choices.filter(
    (choice) => value.includes(choice.value) || words.every((word) => choice.label.toLocaleLowerCase('da').includes(word)),
  );
  const chosen = new Set(value);

  let lastGroup: string | undefined;
  return (
    <Box
      component="fieldset"
      aria-describedby={description ? `${id}-description` : undefined}
      m={0}
      p="sm"
      style={{
        border: `1px solid ${invalid ? 'var(--mantine-color-error)' : 'var(--mantine-color-gray-4)'}`,
        borderRadius: 'var(--mantine-radius-sm)',
        minWidth: 0,
      }}
    >
      <Box component="legend" px={4} fz="sm" fw={500}>
        {label}{' '}
        <Text span size="sm" c={invalid ? 'red.7' : 'dimmed'}>
          ({chosen.size} valgt)
        </Text>
      </Box>
      {description ? (
        <Text id={`${id}-description`} size="xs" c="dimmed" mb="xs">
          {description}
        </Text>
      ) : null}
      <TextInput
        size="xs"
        mb="xs"
        aria-label={`Søg i ${plural}`}
        placeholder={`Søg i ${plural}`}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
        autoComplete="off"
      />
      <ScrollArea.Autosize mah={200} type="auto" offsetScrollbars>
        <Stack gap={6} pr={4}>
          {shown.map((choice) => {
            const heading = choice.group && choice.group !== lastGroup ? choice.group : null;
            lastGroup = choice.group;
            return (
              <Box key={choice.value}>
                {heading ? (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt={4} mb={4}>
                    {heading}
                  </Text>
                ) : null}
                <Checkbox
                  label={choice.label}
                  checked={chosen.has(choice.value)}
                  disabled={disabled}
                  onChange={(event) => onToggle(choice.value, event.currentTarget.checked)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
              </Box>
            );
          })}
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              {choices.length === 0 ? `Der er ingen ${plural} at vælge.` : `Ingen ${plural} matcher «${search.trim()}».`}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    </Box>
  );
}
