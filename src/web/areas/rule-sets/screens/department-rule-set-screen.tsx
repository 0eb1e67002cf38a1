import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { RULE_SET_MESSAGES, type TCarRule, type TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useAllRules, useAllRuleSets, useDeleteRule, useDeleteRuleSet } from '../api';
import { RuleDialog } from '../components/rule-dialog';
import { RuleSetDialog } from '../components/rule-set-dialog';
import { RulesSection } from '../components/rules-section';
import { RuleSetsSection } from '../components/rule-sets-section';

export const SCREEN_TITLE = 'Afdeling reglersæt';

/** The spec's alerts (document 3 section 8) as a dialog the user closes. */
function showAlert(title: string, message: string) {
  const modalId = `rule-set-alert-${Date.now()}`;
  modals.open({
    modalId,
    title,
    children: (
      <Stack gap="md">
        <Text size="sm" role="alert">
          {message}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(modalId)} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}

function confirmDelete(title: string, text: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm: 'Slet', cancel: 'Annuller' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

/**
 * Afdeling reglersæt (/department-rule-set, Adminstrator): the rules (which car makes and models a department may
 * work on, and how long it needs) and the rule sets that tie rules to departments, each a paged list of 10.
 */
export function DepartmentRuleSetScreen() {
  const allRules = useAllRules();
  const allSets = useAllRuleSets();
  const deleteRule = useDeleteRule();
  const deleteRuleSet = useDeleteRuleSet();
  const [ruleDialog, setRuleDialog] = useState<{ rule: TCarRule | null } | null>(null);
  const [setDialog, setSetDialog] = useState<{ ruleSet: TRuleSet | null } | null>(null);

  const removeRule = (rule: TCarRule) =>
    confirmDelete('Slet regel', `Du er ved at slette reglen ${rule.ruleName}. Er du sikker?`, () =>
      deleteRule.mutate(rule.id, {
        onSuccess: () => notify.success(`Reglen ${rule.ruleName} er slettet`),
        onError: () => showAlert('Reglen blev ikke slettet', RULE_SET_MESSAGES.ruleInUse),
      }),
    );

  const removeRuleSet = (ruleSet: TRuleSet) =>
    confirmDelete(
      'Slet reglsæt',
      `Du er ved at slette reglsættet ${ruleSet.ruleSetName}. Afdelingerne i det tager derefter alle biler, som ingen andre regler begrænser. Er du sikker?`,
      () =>
        deleteRuleSet.mutate(ruleSet.id, {
          onSuccess: () => notify.success(`Reglsættet ${ruleSet.ruleSetName} er slettet`),
          onError: () => showAlert('Reglsættet blev ikke slettet', RULE_SET_MESSAGES.ruleSetNotDeleted),
        }),
    );

  return (
    <>
      <PageHeader
        title={SCREEN_TITLE}
        description="En regel siger, om der må arbejdes på et bilmærke (eller en model), på hvilke ruder og hvor længe det mindst tager. Et reglsæt gælder reglerne for de valgte afdelinger; en afdeling uden reglsæt tager alle biler."
      />
      <Stack gap="xl">
        <RulesSection
          ruleSets={allSets.data?.ruleSets ?? []}
          onCreate={() => setRuleDialog({ rule: null })}
          onEdit={(rule) => setRuleDialog({ rule })}
          onDelete={removeRule}
          deletingId={deleteRule.isPending ? (deleteRule.variables ?? null) : null}
        />
        <RuleSetsSection
          rules={allRules.data?.rules ?? []}
          onCreate={() => setSetDialog({ ruleSet: null })}
          onEdit={(ruleSet) => setSetDialog({ ruleSet })}
          onDelete={removeRuleSet}
          deletingId={deleteRuleSet.isPending ? (deleteRuleSet.variables ?? null) : null}
        />
      </Stack>
      <RuleDialog editing={ruleDialog} onClose={() => setRuleDialog(null)} />
      <RuleSetDialog editing={setDialog} onClose={() => setSetDialog(null)} />
    </>
  );
}
