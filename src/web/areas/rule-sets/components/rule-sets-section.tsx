import { Card, Collapse, Group, List, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { TCarRule, TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';
import { RULE_PAGE_SIZE, useRuleSets } from '../api';
import { collator, ruleTitle } from '../format';
import { Detail, ExpandToggle, PagedSection, RowActions, TableFrame } from './paged-section';
import { countText } from '@/domain/lib/plural';

interface RuleSetsSectionProps {
  /** Every rule, for the names of a set's rules. */
  rules: readonly TCarRule[];
  onCreate: () => void;
  onEdit: (ruleSet: TRuleSet) => void;
  onDelete: (ruleSet: TRuleSet) => void;
  deletingId: string | null;
}

function summary(ruleSet: TRuleSet): string {
  return `${countText(ruleSet.departments.length, 'afdeling', 'afdelinger')} · ${countText(ruleSet.rules.length, 'regel', 'regler')}`;
}

function Names({ names, empty }: { names: string[]; empty: string }) {
  if (names.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <List size="sm" spacing={2}>
      {names.map((name, index) => (
        <List.Item key={`${name}-${index}`} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </List.Item>
      ))}
    </List>
  );
}

/** An expanded set: its alert, 'Udvalgte afdelinger' and 'Udvalgte regler'. */
export function RuleSetDetails({ ruleSet, rules, id }: { ruleSet: TRuleSet; rules: readonly TCarRule[]; id: string }) {
  const departments = ruleSet.departments.map((d) => d.departmentName).sort(collator.compare);
  const ruleNames = ruleSet.rules.map((ruleId) => {
    const rule = rules.find((r) => r.id === ruleId);
    return rule ? ruleTitle(rule) : 'Ukendt regel';
  });
  return (
    <SimpleGrid id={id} cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm" py={4}>
      <Detail label="Advarselstekst">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {ruleSet.alertMessage}
        </Text>
      </Detail>
      <Detail label="Udvalgte afdelinger">
        <Names names={departments} empty="Ingen afdelinger" />
      </Detail>
      <Detail label="Udvalgte regler">
        <Names names={ruleNames} empty="Ingen regler" />
      </Detail>
    </SimpleGrid>
  );
}

/** 'Reglsæt': number and name; each row expandable, editable and deletable. */
export function RuleSetsSection({ rules, onCreate, onEdit, onDelete, deletingId }: RuleSetsSectionProps) {
  const isPhone = useIsPhone();
  const [page, setPage] = useState(0);
  const query = useRuleSets(page);
  const ruleSets = query.data?.ruleSets ?? [];
  const totalPages = query.data?.totalPages ?? 0;
  if (query.data && !query.isPlaceholderData && totalPages > 0 && page >= totalPages) setPage(totalPages - 1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const numberOf = (index: number) => page * RULE_PAGE_SIZE + index + 1;
  const detailsId = (ruleSet: TRuleSet) => `reglsaet-${ruleSet.id}`;

  const list = isPhone ? (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Reglsæt">
      {ruleSets.map((ruleSet, index) => {
        const open = expanded.has(ruleSet.id);
        return (
          <Card key={ruleSet.id} component="li" withBorder padding="sm" radius="md" aria-label={ruleSet.ruleSetName}>
            <Text size="xs" c="dimmed">
              Nr. {numberOf(index)}
            </Text>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {ruleSet.ruleSetName}
            </Text>
            <Text size="sm" c="dimmed">
              {summary(ruleSet)}
            </Text>
            <Group justify="space-between" mt="xs" gap="xs">
              <ExpandToggle
                withText
                expanded={open}
                onToggle={() => toggle(ruleSet.id)}
                name={ruleSet.ruleSetName}
                controls={detailsId(ruleSet)}
              />
              <RowActions
                name={ruleSet.ruleSetName}
                onEdit={() => onEdit(ruleSet)}
                onDelete={() => onDelete(ruleSet)}
                busy={deletingId === ruleSet.id}
              />
            </Group>
            <Collapse expanded={open}>{open ? <RuleSetDetails ruleSet={ruleSet} rules={rules} id={detailsId(ruleSet)} /> : null}</Collapse>
          </Card>
        );
      })}
    </Stack>
  ) : (
    <TableFrame>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Reglsæt">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>Detaljer</VisuallyHidden>
            </Table.Th>
            <Table.Th w={64}>Nr.</Table.Th>
            <Table.Th>Navn</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>Handlinger</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ruleSets.map((ruleSet, index) => {
            const open = expanded.has(ruleSet.id);
            return (
              <Fragment key={ruleSet.id}>
                <Table.Tr onClick={() => toggle(ruleSet.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <ExpandToggle
                      expanded={open}
                      onToggle={() => toggle(ruleSet.id)}
                      name={ruleSet.ruleSetName}
                      controls={detailsId(ruleSet)}
                    />
                  </Table.Td>
                  <Table.Td>{numberOf(index)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {ruleSet.ruleSetName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {summary(ruleSet)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      name={ruleSet.ruleSetName}
                      onEdit={() => onEdit(ruleSet)}
                      onDelete={() => onDelete(ruleSet)}
                      busy={deletingId === ruleSet.id}
                    />
                  </Table.Td>
                </Table.Tr>
                {open ? (
                  <Table.Tr bg="gray.0">
                    <Table.Td />
                    <Table.Td colSpan={3}>
                      <RuleSetDetails ruleSet={ruleSet} rules={rules} id={detailsId(ruleSet)} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableFrame>
  );

  return (
    <PagedSection
      title="Reglsæt"
      createLabel="Opret ny reglsæt"
      onCreate={onCreate}
      query={query}
      loadingLabel="Henter reglsæt"
      errorTitle="Reglsættene kunne ikke hentes"
      isEmpty={ruleSets.length === 0}
      emptyText="Der er ingen reglsæt endnu. Et reglsæt knytter regler til afdelinger."
      page={page}
      totalPages={totalPages}
      onPage={setPage}
    >
      {list}
    </PagedSection>
  );
}
