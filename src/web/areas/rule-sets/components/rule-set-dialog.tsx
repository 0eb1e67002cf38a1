import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RULE_SET_MESSAGES, ZRuleSetInput, type TCarRule, type TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { ruleSetError } from '@/domain/rule-sets/rule-sets';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { departmentOptionLabel, useDepartments } from '../../departments';
import { useAllRules, useRemoveFromRuleSet, useSaveRuleSet } from '../api';
import { collator, ruleTitle } from '../format';
import { ChoiceList, type Choice } from './choice-list';

interface RuleSetDialogProps {
  /** Open: null to create a set, a set to edit it. */
  editing: { ruleSet: TRuleSet | null } | null;
  onClose: () => void;
}

/** 'Opret ny reglsæt' and its edit form: name, alert message, departments and rules. */
export function RuleSetDialog({ editing, onClose }: RuleSetDialogProps) {
  const isPhone = useIsPhone();
  const title = editing?.ruleSet ? 'Rediger reglsæt' : 'Opret ny reglsæt';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="xl" fullScreen={isPhone}>
      {editing ? <RuleSetForm key={editing.ruleSet?.id ?? 'new'} ruleSet={editing.ruleSet} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The rule choices: every rule by its name (and minimum), sorted by make, model and name. */
export function ruleChoices(rules: readonly TCarRule[]): Choice[] {
  return [...rules]
    .sort((a, b) => collator.compare(a.carMake, b.carMake) || collator.compare(a.carModel, b.carModel) || collator.compare(a.ruleName, b.ruleName))
    .map((rule) => ({ value: rule.id, label: ruleTitle(rule), group: rule.carMake }));
}

function RuleSetForm({ ruleSet, onClose }: { ruleSet: TRuleSet | null; onClose: () => void }) {
  const isEdit = ruleSet !== null;
  const departments = useDepartments();
  const rules = useAllRules();
  const save = useSaveRuleSet();
  const remove = useRemoveFromRuleSet();
  const [ruleSetName, setRuleSetName] = useState(ruleSet?.ruleSetName ?? '');
  const [alertMessage, setAlertMessage] = useState(ruleSet?.alertMessage ?? '');
  const [departmentIds, setDepartmentIds] = useState<string[]>(ruleSet?.departments.map((d) => d.departmentId) ?? []);
  const [ruleIds, setRuleIds] = useState<string[]>(ruleSet?.rules ?? []);
  /** The links the server has: taking one away in edit mode removes it there at once. */
  const [linked, setLinked] = useState(() => ({ departments: new Set(departmentIds), rules: new Set(ruleIds) }));
  const [tried, setTried] = useState(false);
  const [news, setNews] = useState('');

  const input = { ruleSetName, alertMessage, departmentIds, ruleIds };
  const missing = tried ? ruleSetError(input) : null;

  // A department deleted since the set was saved is still listed (by its name) so it can be taken away.
  const departmentChoices: Choice[] = [
    ...(departments.data ?? []).map((d) => ({ value: d.id, label: departmentOptionLabel(d), group: d.mobileService ? 'Mobilservice' : 'Værksteder' })),
    ...(ruleSet?.departments ?? [])
      .filter((linkedOne) => !(departments.data ?? []).some((d) => d.id === linkedOne.departmentId))
      .map((d) => ({ value: d.departmentId, label: d.departmentName, group: 'Værksteder' })),
  ].sort((a, b) => collator.compare(b.group ?? '', a.group ?? '') || collator.compare(a.label, b.label));
  const allRuleChoices = ruleChoices(rules.data?.rules ?? []);

  const toggle = (kind: 'department' | 'rule', id: string, checked: boolean) => {
    const set = kind === 'department' ? setDepartmentIds : setRuleIds;
    set((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
    const wasLinked = kind === 'department' ? linked.departments.has(id) : linked.rules.has(id);
    if (checked || !ruleSet || !wasLinked) return;
    const label = (kind === 'department' ? departmentChoices : allRuleChoices).find((c) => c.value === id)?.label ?? '';
    remove.mutate(
      { setId: ruleSet.id, kind, id },
      {
        onSuccess: () => {
          setLinked((now) => {
            const next = { departments: new Set(now.departments), rules: new Set(now.rules) };
            (kind === 'department' ? next.departments : next.rules).delete(id);
            return next;
          });
          setNews(`${kind === 'department' ? 'Afdelingen' : 'Reglen'} ${label} er fjernet fra reglsættet.`);
        },
        onError: (error) => {
          // Still linked on the server: the tick comes back.
          set((ids) => (ids.includes(id) ? ids : [...ids, id]));
          setNews(`${label} kunne ikke fjernes: ${isApiError(error) ? error.message : 'ukendt fejl'}`);
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const parsed = ZRuleSetInput.safeParse(input);
    if (!parsed.success || ruleSetError(parsed.data)) return;
    save.mutate(
      { id: ruleSet?.id ?? '', ruleSet: parsed.data },
      {
        onSuccess: (saved) => {
          notify.success(isEdit ? `Reglsættet ${saved.ruleSetName} er gemt` : `Reglsættet ${saved.ruleSetName} er oprettet`);
          onClose();
        },
      },
    );
  };

  const serverError = save.error && isApiError(save.error) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {missing ? (
          <Alert color="red" role="alert">
            {RULE_SET_MESSAGES.missingValues}
          </Alert>
        ) : null}
        <TextInput
          label="Navn"
          withAsterisk
          maxLength={200}
          value={ruleSetName}
          onChange={(event) => setRuleSetName(event.currentTarget.value)}
          error={tried && ruleSetName.trim() === ''}
          data-autofocus
        />
        <Textarea
          label="Advarselstekst"
          withAsterisk
          description="Vises i booking og på arbejdskortet, når en afdeling i sættet ikke kan tage bilen."
          rows={3}
          maxLength={1000}
          value={alertMessage}
          onChange={(event) => setAlertMessage(event.currentTarget.value)}
          error={tried && alertMessage.trim() === ''}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ChoiceList
            label="Afdelinger"
            plural="afdelinger"
            choices={departmentChoices}
            value={departmentIds}
            onToggle={(id, checked) => toggle('department', id, checked)}
            invalid={tried && departmentIds.length === 0}
            description={isEdit ? 'En afdeling, du fjerner, fjernes fra reglsættet med det samme.' : undefined}
          />
          <ChoiceList
            label="Regler"
            plural="regler"
            choices={allRuleChoices}
            value={ruleIds}
            onToggle={(id, checked) => toggle('rule', id, checked)}
            invalid={tried && ruleIds.length === 0}
            description={isEdit ? 'En regel, du fjerner, fjernes fra reglsættet med det samme.' : undefined}
          />
        </SimpleGrid>
        <Text size="sm" c="dimmed" aria-live="polite">
          {news}
        </Text>
        {serverError ? (
          <Alert color="red" title={isEdit ? 'Reglsættet blev ikke gemt' : 'Reglsættet blev ikke oprettet'} role="alert">
            {serverError.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {isEdit ? 'Luk' : 'Annuller'}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {isEdit ? 'Gem' : 'Opret'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
