import { Alert, Box, Button, Checkbox, Group, Modal, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { useForm } from '@mantine/form';
import { ZCarRuleInput, type TCarRule, type TCarRuleInput } from '@/domain/rule-sets/rule-set.schemas';
import { ruleName } from '@/domain/rule-sets/rule-sets';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { isApiError } from '../../../lib/api-client';
import { isStaleCopyError, loadSavedCopy, useStaleCopy } from '../../../lib/stale-copy';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCarModels, useManufacturers } from '../../catalogue';
import { RULE_FIELD_LABELS, useReadSaved, useSaveRule } from '../api';
import { collator, WINDOW_FLAGS, type TWindowFlag } from '../format';

interface RuleValues extends Record<TWindowFlag, boolean> {
  carMake: string | null;
  carModel: string | null;
  isWorkAllowed: boolean;
  /** '' while the field is empty. */
  minimumWorkLength: number | string;
  /** The version the rule was read with (lib/stale-copy.ts); '' for a new rule. */
  updateId: string;
}

const FIELDS = ['carMake', 'carModel', 'minimumWorkLength'] as const;
type TField = (typeof FIELDS)[number];

/** What the form sends: a rule that does not allow work has no minimum and no window flags. */
export function ruleInputOf(values: RuleValues): unknown {
  const allowed = values.isWorkAllowed;
  return {
    carMake: values.carMake ?? '',
    carModel: values.carModel ?? '',
    isWorkAllowed: allowed,
    minimumWorkLength: allowed ? (values.minimumWorkLength === '' ? 0 : Number(values.minimumWorkLength)) : 0,
    ...Object.fromEntries(WINDOW_FLAGS.map(([flag]) => [flag, allowed && values[flag]])),
    ...(values.updateId ? { updateId: values.updateId } : {}),
  };
}

/** The form's messages are the rule schema's (the server checks the same). */
function validateRule(values: RuleValues): Partial<Record<TField, string>> {
  const parsed = ZCarRuleInput.safeParse(ruleInputOf(values));
  if (parsed.success) return {};
  const errors: Partial<Record<TField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TField;
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

function valuesOf(rule: TCarRule | null): RuleValues {
  return {
    carMake: rule?.carMake ?? null,
    carModel: rule?.carModel || null,
    // A new rule starts as a refusal: most rules say what a department does not take.
    isWorkAllowed: rule?.isWorkAllowed ?? false,
    minimumWorkLength: rule && rule.minimumWorkLength > 0 ? rule.minimumWorkLength : '',
    disallowFrontWindowWork: rule?.disallowFrontWindowWork ?? false,
    disallowBackWindowWork: rule?.disallowBackWindowWork ?? false,
    disallowSideWindowWork: rule?.disallowSideWindowWork ?? false,
    disallowRoofWindowWork: rule?.disallowRoofWindowWork ?? false,
    updateId: rule?.updateId ?? '',
  };
}

const STALE_OPTIONS = { labels: RULE_FIELD_LABELS };

interface RuleDialogProps {
  /** Open: null to create a rule, a rule to edit it. */
  editing: { rule: TCarRule | null } | null;
  onClose: () => void;
}

/** 'Opret ny regl' and its edit form (document 3: the rule dialog and section 5's rule rules). */
export function RuleDialog({ editing, onClose }: RuleDialogProps) {
  const isPhone = useIsPhone();
  const title = editing?.rule ? 'Rediger regel' : 'Opret ny regl';
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="lg" fullScreen={isPhone}>
      {editing ? <RuleForm key={editing.rule?.id ?? 'new'} rule={editing.rule} onClose={onClose} /> : null}
    </Modal>
  );
}

function RuleForm({ rule, onClose }: { rule: TCarRule | null; onClose: () => void }) {
  const isEdit = rule !== null;
  const makes = useManufacturers();
  const save = useSaveRule();
  const readSaved = useReadSaved();
  const stale = useStaleCopy<RuleValues>(STALE_OPTIONS);
  const form = useForm<RuleValues>({ mode: 'controlled', initialValues: valuesOf(rule), validate: validateRule });
  const { values } = form;

  const makeList = [...(makes.data ?? [])].sort((a, b) => collator.compare(a.manuName, b.manuName));
  const make = makeList.find((m) => m.manuName === values.carMake);
  const models = useCarModels(make?.manuId ?? 0);
  const makeOptions = [...new Set([...makeList.map((m) => m.manuName), ...(values.carMake ? [values.carMake] : [])])];
  const modelOptions = [...new Set([...(models.data ?? []).map((m) => m.modelName), ...(values.carModel ? [values.carModel] : [])])].sort(
    collator.compare,
  );

  const serverError = save.error && isApiError(save.error) && !isStaleCopyError(save.error) ? save.error : null;

  const submit = form.onSubmit((submitted) => {
    const input = ZCarRuleInput.parse(ruleInputOf(submitted)) as TCarRuleInput;
    save.mutate(
      { id: rule?.id ?? '', rule: input },
      {
        onSuccess: (saved) => {
          notify.success(isEdit ? `Reglen ${saved.ruleName} er gemt` : `Reglen ${saved.ruleName} er oprettet`);
          onClose();
        },
        onError: async (error) => {
          const reread = async () => {
            const found = rule ? await readSaved.rule(rule.id) : null;
            return found ? valuesOf(found) : null;
          };
          if (await stale.check(error, { base: form.getInitialValues(), mine: submitted }, reread)) return;
          // The dialog stays open with the server's words (document 3 ignores the failure; the user should not).
          if (!isApiError(error)) return;
          for (const field of FIELDS) {
            const messages = error.errors?.[field];
            if (messages) form.setFieldError(field, messages.join(' '));
          }
        },
      },
    );
  });

  const name = values.carMake
    ? ruleName({ isWorkAllowed: values.isWorkAllowed, carMake: values.carMake, carModel: values.carModel ?? '' })
    : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <StaleCopyNotice
          conflict={stale.conflict}
          onReload={(saved) => {
            loadSavedCopy(form, saved);
            save.reset();
            stale.clear();
          }}
          onClose={stale.clear}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Bilmærke"
            withAsterisk
            placeholder={makes.isPending ? 'Henter bilmærker …' : 'Vælg bilmærke'}
            description={isEdit ? 'Bilmærket kan ikke ændres på en eksisterende regel.' : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={makeOptions}
            searchable
            nothingFoundMessage="Intet bilmærke hedder sådan"
            maxDropdownHeight={250}
            disabled={isEdit}
            data-autofocus={isEdit ? undefined : true}
            {...form.getInputProps('carMake')}
            onChange={(value) => {
              form.setFieldValue('carMake', value);
              form.setFieldValue('carModel', null);
            }}
          />
          <Select
            label="Model"
            placeholder={values.carMake ? (models.isFetching ? 'Henter modeller …' : 'Alle modeller') : 'Vælg først et bilmærke'}
            description="Uden model gælder reglen hele mærket."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data={modelOptions}
            searchable
            clearable
            nothingFoundMessage="Ingen model hedder sådan"
            maxDropdownHeight={250}
            disabled={!values.carMake}
            {...form.getInputProps('carModel')}
          />
        </SimpleGrid>

        <Checkbox
          label="Arbejde er tilladt"
          description="Uden flueben tager afdelingerne i reglsættet ikke bilmærket (eller modellen)."
          {...form.getInputProps('isWorkAllowed', { type: 'checkbox' })}
        />

        {values.isWorkAllowed ? (
          <Stack gap="md" pl={{ base: 0, sm: 'lg' }}>
            <NumberInput
              label="Minimum arbejdstid"
              description="En booking i afdelingen skal vare mindst så længe. Tomt: intet minimum."
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              rightSection={
                <Text size="sm" c="dimmed" pr="xs">
                  timer
                </Text>
              }
              rightSectionWidth={56}
              decimalSeparator=","
              decimalScale={2}
              allowNegative={false}
              min={0}
              max={24}
              step={0.5}
              hideControls
              inputMode="decimal"
              styles={{ wrapper: { maxWidth: 200 } }}
              {...form.getInputProps('minimumWorkLength')}
            />
            <Box component="fieldset" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
              <Box component="legend" p={0} mb={6} fz="sm" fw={500}>
                Arbejde er ikke tilladt på
              </Box>
              <Group gap="lg">
                {WINDOW_FLAGS.map(([flag, label]) => (
                  <Checkbox key={flag} label={label} {...form.getInputProps(flag, { type: 'checkbox' })} />
                ))}
              </Group>
            </Box>
          </Stack>
        ) : null}

        {name ? (
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              Reglens navn:{' '}
            </Text>
            <Text span ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
          </Text>
        ) : null}

        {serverError ? (
          <Alert color="red" title={isEdit ? 'Reglen blev ikke gemt' : 'Reglen blev ikke oprettet'} role="alert">
            {serverError.message}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          {/* The create button is hidden until a make is chosen (document 3 section 5). */}
          {isEdit || values.carMake ? (
            <Button type="submit" loading={save.isPending}>
              {isEdit ? 'Gem' : 'Opret'}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
