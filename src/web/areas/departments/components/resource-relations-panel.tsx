import { ActionIcon, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { QueryState } from '../../../components/query-state';
import { useAddResourceRelation, useDeleteResourceRelation, useResourceRelations } from '../api';
import { departmentGroups } from './department-picker';
import { Section } from './section';

interface ResourceRelationsPanelProps {
  department: TDepartment;
  /** The departments that may be added (those the user may see). */
  candidates: readonly TDepartment[];
}

const collator = new Intl.Collator('da');

/** Resource relations: the other departments whose fitters and resources this department may use (add, delete). */
export function ResourceRelationsPanel({ department, candidates }: ResourceRelationsPanelProps) {
  const relations = useResourceRelations(department.id);
  const add = useAddResourceRelation(department.id);
  const remove = useDeleteResourceRelation(department.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const list = [...(relations.data ?? [])].sort((a, b) => collator.compare(a.resourceName, b.resourceName));
  const related = new Set(list.map((r) => r.resourceId));
  const options = departmentGroups(candidates.filter((d) => d.id !== department.id && !related.has(d.id)));

  return (
    <Section title="Ressourcer" description="Afdelinger, hvis montører og ressourcer denne afdeling kan bruge.">
      <QueryState
        query={relations}
        loadingLabel="Henter ressourcer"
        errorTitle="Ressourcerne kunne ikke hentes"
        isEmpty={list.length === 0}
        emptyText="Afdelingen bruger ingen andre afdelingers ressourcer."
      >
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Ressourcer">
          {list.map((relation) => (
            <Paper key={relation.id} component="li" withBorder radius="sm" px="sm" py={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text>{relation.resourceName}</Text>
                <Tooltip label="Fjern">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Fjern ressourcen ${relation.resourceName}`}
                    loading={remove.isPending && remove.variables === relation.id}
                    onClick={() => remove.mutate(relation.id)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      </QueryState>
      <Group align="flex-end" gap="sm">
        <Select
          label="Tilføj ressource"
          placeholder="Vælg en afdeling"
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          maxDropdownHeight={250}
          w={{ base: '100%', xs: 280 }}
        />
        <Button
          variant="default"
          leftSection={<IconPlus size={18} />}
          disabled={!chosen}
          loading={add.isPending}
          onClick={() => chosen && add.mutate(chosen, { onSuccess: () => setChosen(null) })}
        >
          Tilføj
        </Button>
      </Group>
    </Section>
  );
}
