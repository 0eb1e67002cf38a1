import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { RULE_SET_MESSAGES, ZRuleSetInput, type TCarRule, type TRuleSet } from '@/domain/rule-sets/rule-set.schemas';
import { ruleSetError } from '@/domain/rule-sets/rule-sets';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { isApiError } from '../../../lib/api-client';
import { isStaleCopyError, useStaleCopy } from '../../../lib/stale-copy';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { departmentOptionLabel, useDepartments } from '../../departments';
import { RULE_FIELD_LABELS, useAllRules, useReadSaved, useRemoveFromRuleSet, useSaveRuleSet } from '../api';
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
    .sort(
      (a, b) =>
        collator.compare(a.carMake, b.carMake) || collator.compare(a.carModel, b.carModel) || collator.compare(a.ruleName, b.ruleName),
    )
    .map((rule) => ({ value: rule.id, label: ruleTitle(rule), group: rule.carMake }));
}

/** What the form holds of a set (and compares when a save is refused as a stale copy, lib/stale-copy.ts). */
interface TRuleSetValues {
  ruleSetName: string;
  alertMessage: string;
  departmentIds: string[];
  ruleIds: string[];
  updateId: string;
}

function valuesOf(ruleSet: TRuleSet | null): TRuleSetValues {
  return {
    ruleSetName: ruleSet?.ruleSetName ?? '',
    alertMessage: ruleSet?.alertMessage ?? '',
    departmentIds: ruleSet?.departments.map((d) => d.departmentId) ?? [],
    ruleIds: ruleSet?.rules ?? [],
    updateId: ruleSet?.updateId ?? '',
  };
}

function RuleSetForm({ ruleSet, onClose }: { ruleSet: TRuleSet | null; onClose: () => void }) {
  const isEdit = ruleSet !== null;
  const departments = useDepartments();
  const rules = useAllRules();
  const save = useSaveRuleSet();
  const remove = useRemoveFromRuleSet();
  const readSaved = useReadSaved();
  /** The set as opened, or as last saved, removed from or reloaded: what another's change is told from. */
  const [base, setBase] = useState(() => valuesOf(ruleSet));
  const [ruleSetName, setRuleSetName] = useState(base.ruleSetName);
  const [alertMessage, setAlertMessage] = useState(base.alertMessage);
  const [departmentIds, setDepartmentIds] = useState<string[]>(base.departmentIds);
  const [ruleIds, setRuleIds] = useState<string[]>(base.ruleIds);
  /** The links the server has: taking one away in edit mode removes it there at once. */
  const [linked, setLinked] = useState(() => ({ departments: new Set(departmentIds), rules: new Set(ruleIds) }));
  const [tried, setTried] = useState(false);
  const [news, setNews] = useState('');

  const input = { ruleSetName, alertMessage, departmentIds, ruleIds };
  const mine: TRuleSetValues = { ...input, updateId: base.updateId };
  const missing = tried ? ruleSetError(input) : null;

  // A department deleted since the set was saved is still listed (by its name) so it can be taken away.
  const departmentChoices: Choice[] = [
    ...(departments.data ?? []).map((d) => ({
      value: d.id,
      label: departmentOptionLabel(d),
      group: d.mobileService ? 'Mobilservice' : 'Værksteder',
    })),
    ...(ruleSet?.departments ?? [])
      .filter((linkedOne) => !(departments.data ?? []).some((d) => d.id === linkedOne.departmentId))
      .map((d) => ({ value: d.departmentId, label: d.departmentName, group: 'Værksteder' })),
  ].sort((a, b) => collator.compare(b.group ?? '', a.group ?? '') || collator.compare(a.label, b.label));
  const allRuleChoices = ruleChoices(rules.data?.rules ?? []);
  const labelOf = (choices: Choice[]) => (ids: unknown) =>
    (ids as string[]).map((id) => choices.find((c) => c.value === id)?.label ?? id).join(', ') || '(ingen)';
  const format = (field: string, value: unknown) =>
    field === 'departmentIds' ? labelOf(departmentChoices)(value) : field === 'ruleIds' ? labelOf(allRuleChoices)(value) : undefined;
  const stale = useStaleCopy<TRuleSetValues>({ labels: RULE_FIELD_LABELS, format });
  const reread = async () => {
    const found = ruleSet ? await readSaved.ruleSet(ruleSet.id) : null;
    return found ? valuesOf(found) : null;
  };
  const reload = (saved: TRuleSetValues | null) => {
    if (saved) {
      setBase(saved);
      setRuleSetName(saved.ruleSetName);
      setAlertMessage(saved.alertMessage);
      setDepartmentIds(saved.departmentIds);
      setRuleIds(saved.ruleIds);
      setLinked({ departments: new Set(saved.departmentIds), rules: new Set(saved.ruleIds) });
    }
    save.reset();
    stale.clear();
  };

  const toggle = (kind: 'department' | 'rule', id: string, checked: boolean) => {
    const set = kind === 'department' ? setDepartmentIds : setRuleIds;
    set((ids) => (checked ? [...ids, id] : ids.filter((x) => x !== id)));
    const wasLinked = kind === 'department' ? linked.departments.has(id) : linked.rules.has(id);
    if (checked || !ruleSet || !wasLinked) return;
    const label = (kind === 'department' ? departmentChoices : allRuleChoices).find((c) => c.value === id)?.label ?? '';
    remove.mutate(
      { setId: ruleSet.id, kind, id, updateId: base.updateId },
      {
        onSuccess: (answer) => {
          // The set's next version: the form's own removal does not make its copy stale.
          setBase((now) => ({
            ...now,
            updateId: answer.updateId,
            [kind === 'department' ? 'departmentIds' : 'ruleIds']: (kind === 'department' ? now.departmentIds : now.ruleIds).filter(
              (x) => x !== id,
            ),
          }));
          setLinked((now) => {
            const next = { departments: new Set(now.departments), rules: new Set(now.rules) };
            (kind === 'department' ? next.departments : next.rules).delete(id);
            return next;
          });
          setNews(`${kind === 'department' ? 'Afdelingen' : 'Reglen'} ${label} er fjernet fra reglsættet.`);
        },
        onError: async (error) => {
          // Still linked on the server: the tick comes back.
          set((ids) => (ids.includes(id) ? ids : [...ids, id]));
          if (await stale.check(error, { base, mine }, reread)) return;
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
      { id: ruleSet?.id ?? '', ruleSet: { ...parsed.data, ...(base.updateId ? { updateId: base.updateId } : {}) } },
      {
        onSuccess: (saved) => {
          notify.success(isEdit ? `Reglsættet ${saved.ruleSetName} er gemt` : `Reglsættet ${saved.ruleSetName} er oprettet`);
          onClose();
        },
        onError: (error) => void stale.check(error, { base, mine }, reread),
      },
    );
  };

  const serverError = save.error && isApiError(save.error) && !isStaleCopyError(save.error) ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StaleCopyNotice conflict={stale.conflict} onReload={reload} onClose={stale.clear} />
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
