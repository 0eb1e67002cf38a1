import { Alert, Badge, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { useForm } from '@mantine/form';
import { IconArrowBackUp, IconDeviceFloppy } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useSearchParams } from 'react-router';
import { ZDepartmentInput, type TDepartment } from '@/domain/departments/department.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useLeaveConfirmation } from '../../../lib/use-leave-confirmation';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { useStaleCopy } from '../../../lib/stale-copy';
import { useReloadDepartment, useSaveDepartment, useUsedTimeslots } from '../api';
import { DEPARTMENT_FIELD_LABELS, departmentToForm, formatDepartmentValue, type TDepartmentForm } from '../department-form';
import { LoanCarsPanel } from './loan-cars-panel';
import { MasterDataForm } from './master-data-form';
import { OpeningHoursEditor } from './opening-hours-editor';
import { ResourceRelationsPanel } from './resource-relations-panel';
import { TimeSlotsPanel } from './time-slots-panel';

/** The tabs of a department, as the `fane` query value. */
export const DEPARTMENT_TABS = {
  stamdata: 'Stamdata',
  aabningstider: 'Åbningstider',
  rudeskift: 'Tider for rudeskift',
  stenslag: 'Tider for stenslag',
  laanebiler: 'Lånebiler',
  ressourcer: 'Ressourcer',
} as const;
type TTab = keyof typeof DEPARTMENT_TABS;

const resolver = zod4Resolver(ZDepartmentInput, { errorPriority: 'first' });
const STALE_OPTIONS = { labels: DEPARTMENT_FIELD_LABELS, format: formatDepartmentValue };
const isHoursPath = (path: string) => path.startsWith('openingHours') || path.startsWith('specificOpeningHours');

/** The form's rules: the domain's PUT schema; without master data rights only the opening hours are the user's. */
export function validateDepartmentForm(values: TDepartmentForm, admin: boolean): FormErrors {
  const errors = resolver(values);
  return admin ? errors : Object.fromEntries(Object.entries(errors).filter(([path]) => isHoursPath(path)));
}

/** The body of 'Gem': the form with the booking messages' empty lines left out. */
export function formToBody(values: TDepartmentForm): TDepartmentForm {
  return { ...values, alertMessages: values.alertMessages.map((m) => m.trim()).filter(Boolean) };
}

interface DepartmentEditorProps {
  department: TDepartment;
  /** Every department (parent, calendar department and resource choices). */
  departments: readonly TDepartment[];
  /** The departments the user may open. */
  visible: readonly TDepartment[];
  admin: boolean;
  canMarkDamages: boolean;
}

/**
 * One department: master data (Adminstrator) and opening hours in one form with a SAVED/UNSAVED indicator
 * ('Gem' only when there is something to save, leaving with unsaved changes asks first); time slots, loan cars
 * and resource relations are saved by themselves.
 */
export function DepartmentEditor({ department, departments, visible, admin, canMarkDamages }: DepartmentEditorProps) {
  const save = useSaveDepartment();
  const reloadDepartment = useReloadDepartment();
  const stale = useStaleCopy<TDepartmentForm>(STALE_OPTIONS);
  const used = useUsedTimeslots(department.id);
  const [params, setParams] = useSearchParams();
  const form = useForm<TDepartmentForm>({
    mode: 'controlled',
    initialValues: departmentToForm(department),
    validate: (values) => validateDepartmentForm(values, admin),
  });
  const dirty = form.isDirty();
  useLeaveConfirmation(dirty);

  const tabs = (Object.keys(DEPARTMENT_TABS) as TTab[]).filter((t) => admin || t !== 'stamdata');
  const asked = params.get('fane') as TTab | null;
  const tab: TTab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const setTab = (next: string | null) => {
    if (!next) return;
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('fane', next);
        return copy;
      },
      { replace: true },
    );
  };

  const load = (next: TDepartmentForm) => {
    form.setInitialValues(next);
    form.setValues(next);
    form.resetDirty(next);
  };

  const submit = form.onSubmit(
    (values) =>
      save.mutate(formToBody(values), {
        onSuccess: (saved) => {
          stale.clear();
          load(departmentToForm(saved));
          notify.success(`${saved.name} er gemt`);
        },
        onError: async (error) => {
          const reread = async () => {
            const found = await reloadDepartment(department.id);
            return found ? departmentToForm(found) : null;
          };
          if (await stale.check(error, { base: form.getInitialValues(), mine: values }, reread)) return;
          if (!isApiError(error)) return;
          if (error.errors) form.setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v.join(' ')])));
          if (error.type !== 'VALIDATION_ERROR') notify.error(error.status === 500 ? 'Afdelingen kunne ikke gemmes' : error.message);
        },
      }),
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) setTab(isHoursPath(first) ? 'aabningstider' : 'stamdata');
    },
  );

  const errorCount = Object.keys(form.errors).length;
  const saveBar = (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      mb="md"
      shadow={dirty ? 'sm' : undefined}
      style={{ position: 'sticky', top: 'calc(56px + var(--mantine-spacing-xs))', zIndex: 3 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Badge
            color={dirty ? 'orange' : 'teal'}
            variant="light"
            size="lg"
            radius="sm"
            tt="none"
            role="status"
            aria-live="polite"
            aria-label={dirty ? 'Status: ikke gemt' : 'Status: gemt'}
          >
            {dirty ? 'Ikke gemt' : 'Gemt'}
          </Badge>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {errorCount > 0
              ? `${errorCount} ${errorCount === 1 ? 'felt skal rettes' : 'felter skal rettes'}`
              : admin
                ? 'Stamdata og åbningstider gemmes med Gem; tider, lånebiler og ressourcer gemmes med det samme.'
                : 'Åbningstider gemmes med Gem; tider, lånebiler og ressourcer gemmes med det samme.'}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={18} />}
            disabled={!dirty || save.isPending}
            onClick={() => form.reset()}
          >
            Fortryd
          </Button>
          <Button onClick={() => submit()} leftSection={<IconDeviceFloppy size={18} />} disabled={!dirty} loading={save.isPending}>
            Gem
          </Button>
        </Group>
      </Group>
      {errorCount > 0 ? (
        <Text size="sm" c="red.8" hiddenFrom="sm" mt={4}>
          {errorCount} {errorCount === 1 ? 'felt skal rettes' : 'felter skal rettes'}
        </Text>
      ) : null}
    </Paper>
  );

  const usedSlots = used.data ?? {};
  return (
    <div>
      {saveBar}
      <StaleCopyNotice
        conflict={stale.conflict}
        onReload={(saved) => {
          if (saved) load(saved);
          stale.clear();
        }}
        onClose={stale.clear}
      />
      {used.isError ? (
        <Alert color="yellow" mb="md">
          Det kunne ikke hentes, hvilke tider der har bookinger. Serveren afviser stadig ændringer, der ville flytte en booking.
        </Alert>
      ) : null}
      <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline">
        <Tabs.List mb="md" style={{ flexWrap: 'wrap' }}>
          {tabs.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {DEPARTMENT_TABS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {admin ? (
          <Tabs.Panel value="stamdata">
            <MasterDataForm form={form} departments={departments} />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="aabningstider">
          <OpeningHoursEditor form={form} />
        </Tabs.Panel>
        <Tabs.Panel value="rudeskift">
          <TimeSlotsPanel department={department} type="WINDOW_REPLACE" used={usedSlots} />
        </Tabs.Panel>
        <Tabs.Panel value="stenslag">
          <TimeSlotsPanel department={department} type="STONE_CHIP" used={usedSlots} />
        </Tabs.Panel>
        <Tabs.Panel value="laanebiler">
          <LoanCarsPanel department={department} departments={departments} canMarkDamages={canMarkDamages} />
        </Tabs.Panel>
        <Tabs.Panel value="ressourcer">
          <Stack>
            <ResourceRelationsPanel department={department} candidates={admin ? departments : visible} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
