import { Badge, Card, Collapse, Group, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment, useState } from 'react';
import type { TCarRule, TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { useIsPhone } from '../../../lib/use-is-phone';
import { RULE_PAGE_SIZE, useRules } from '../api';
import { minimumText, NONE, refusedWindows, ruleTitle } from '../format';
import { Detail, ExpandToggle, PagedSection, RowActions, TableFrame } from './paged-section';

interface RulesSectionProps {
  /** Every rule set, for where a rule is used. */
  ruleSets: readonly TRuleSet[];
  onCreate: () => void;
  onEdit: (rule: TCarRule) => void;
  onDelete: (rule: TCarRule) => void;
  deletingId: string | null;
}

function WorkBadge({ rule }: { rule: TCarRule }) {
  return (
    <Badge variant="light" color={rule.isWorkAllowed ? 'green' : 'red'} radius="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
      {rule.isWorkAllowed ? 'Tilladt' : 'Ikke tilladt'}
    </Badge>
  );
}

/** An expanded rule: whether work is allowed, the minimum work length, refused windows and the sets using it. */
export function RuleDetails({ rule, ruleSets, id }: { rule: TCarRule; ruleSets: readonly TRuleSet[]; id: string }) {
  const usedIn = ruleSets.filter((set) => set.rules.includes(rule.id)).map((set) => set.ruleSetName);
  const windows = refusedWindows(rule);
  return (
    <SimpleGrid id={id} cols={{ base: 1, sm: 4 }} spacing="md" verticalSpacing="xs" py={4}>
      <Detail label="Arbejde">{rule.isWorkAllowed ? 'Arbejde er tilladt' : 'Arbejde er ikke tilladt'}</Detail>
      <Detail label="Minimum arbejdstid">{minimumText(rule)}</Detail>
      <Detail label="Arbejde er ikke tilladt på">
        {rule.isWorkAllowed ? (windows.length ? windows.join(', ') : 'Ingen ruder') : 'Alle ruder'}
      </Detail>
      <Detail label="Bruges i reglsæt">{usedIn.length ? usedIn.join(', ') : 'Ingen'}</Detail>
    </SimpleGrid>
  );
}

/** 'Regler': number, rule name with minimum work length, car make, model or '-'; each row expandable, editable and deletable. */
export function RulesSection({ ruleSets, onCreate, onEdit, onDelete, deletingId }: RulesSectionProps) {
  const isPhone = useIsPhone();
  const [page, setPage] = useState(0);
  const query = useRules(page);
  const rules = query.data?.rules ?? [];
  const totalPages = query.data?.totalPages ?? 0;
  // The last rule of the last page deleted: show the page before it.
  if (query.data && !query.isPlaceholderData && totalPages > 0 && page >= totalPages) setPage(totalPages - 1);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const numberOf = (index: number) => page * RULE_PAGE_SIZE + index + 1;
  const detailsId = (rule: TCarRule) => `regel-${rule.id}`;

  const list = isPhone ? (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Regler">
      {rules.map((rule, index) => {
        const open = expanded.has(rule.id);
        return (
          <Card key={rule.id} component="li" withBorder padding="sm" radius="md" aria-label={rule.ruleName}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  Nr. {numberOf(index)}
                </Text>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {ruleTitle(rule)}
                </Text>
                <Text size="sm">
                  {rule.carMake} · Model: {rule.carModel || NONE}
                </Text>
              </Stack>
              <WorkBadge rule={rule} />
            </Group>
            <Group justify="space-between" mt="xs" gap="xs">
              <ExpandToggle withText expanded={open} onToggle={() => toggle(rule.id)} name={rule.ruleName} controls={detailsId(rule)} />
              <RowActions name={rule.ruleName} onEdit={() => onEdit(rule)} onDelete={() => onDelete(rule)} busy={deletingId === rule.id} />
            </Group>
            <Collapse expanded={open}>{open ? <RuleDetails rule={rule} ruleSets={ruleSets} id={detailsId(rule)} /> : null}</Collapse>
          </Card>
        );
      })}
    </Stack>
  ) : (
    <TableFrame>
      <Table highlightOnHover verticalSpacing="xs" aria-label="Regler">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>
              <VisuallyHidden>Detaljer</VisuallyHidden>
            </Table.Th>
            <Table.Th w={64}>Nr.</Table.Th>
            <Table.Th>Regel</Table.Th>
            <Table.Th w={200}>Bilmærke</Table.Th>
            <Table.Th w={200}>Model</Table.Th>
            <Table.Th w={96}>
              <VisuallyHidden>Handlinger</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rules.map((rule, index) => {
            const open = expanded.has(rule.id);
            return (
              <Fragment key={rule.id}>
                <Table.Tr onClick={() => toggle(rule.id)} style={{ cursor: 'pointer' }}>
                  <Table.Td>
                    <ExpandToggle expanded={open} onToggle={() => toggle(rule.id)} name={rule.ruleName} controls={detailsId(rule)} />
                  </Table.Td>
                  <Table.Td>{numberOf(index)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {ruleTitle(rule)}
                      </Text>
                      <WorkBadge rule={rule} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{rule.carMake}</Table.Td>
                  <Table.Td>{rule.carModel || NONE}</Table.Td>
                  <Table.Td>
                    <RowActions
                      name={rule.ruleName}
                      onEdit={() => onEdit(rule)}
                      onDelete={() => onDelete(rule)}
                      busy={deletingId === rule.id}
                    />
                  </Table.Td>
                </Table.Tr>
                {open ? (
                  <Table.Tr bg="gray.0">
                    <Table.Td />
                    <Table.Td colSpan={5}>
                      <RuleDetails rule={rule} ruleSets={ruleSets} id={detailsId(rule)} />
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
      title="Regler"
      createLabel="Opret ny regl"
      onCreate={onCreate}
      query={query}
      loadingLabel="Henter regler"
      errorTitle="Reglerne kunne ikke hentes"
      isEmpty={rules.length === 0}
      emptyText="Der er ingen regler endnu. Opret en regel for et bilmærke, og saml reglerne i et reglsæt."
      page={page}
      totalPages={totalPages}
      onPage={setPage}
    >
      {list}
    </PagedSection>
  );
}
