import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { useForm } from '@mantine/form';
import { REGION_LABELS, REGIONS, ZDepartmentInput, type TDepartment, type TRegion } from '@/domain/departments/department.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSaveDepartment } from '../api';

interface CreateValues {
  name: string;
  region: TRegion | null;
  navResponsibilityCenter: string;
}

const FIELDS = ['name', 'region', 'navResponsibilityCenter'] as const;

/** The dialog's rules are the department schema's rules for these three fields (the rest take their defaults). */
export function validateNewDepartment(values: CreateValues): Partial<Record<(typeof FIELDS)[number], string>> {
  const parsed = ZDepartmentInput.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<(typeof FIELDS)[number], string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as (typeof FIELDS)[number];
    if (FIELDS.includes(field)) errors[field] ??= issue.message;
  }
  return errors;
}

interface CreateDepartmentDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (department: TDepartment) => void;
}

/**
 * 'Opret afdeling' (Adminstrator): name, region and responsibility-centre code. The new department gets the
 * defaults of document 3 (3 fitters, no notice, no flags, empty lists) and its location code starts from the code.
 */
export function CreateDepartmentDialog({ opened, onClose, onCreated }: CreateDepartmentDialogProps) {
  const save = useSaveDepartment();
  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: { name: '', region: null, navResponsibilityCenter: '' },
    validate: validateNewDepartment,
  });
  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    save.mutate(
      {
        name: values.name,
        region: values.region!,
        navResponsibilityCenter: values.navResponsibilityCenter.trim().toUpperCase(),
        openingHours: [],
      },
      {
        onSuccess: (created) => {
          notify.success(`Afdelingen ${created.name} er oprettet`);
          form.reset();
          onCreated(created);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const errors = error.errors ?? {};
          // The location code starts from the entered code, so a taken code is the code's fault.
          const code = errors.navLocationCode ?? errors.navResponsibilityCenter;
          if (code) form.setFieldError('navResponsibilityCenter', code.join(' '));
          if (errors.name) form.setFieldError('name', errors.name.join(' '));
          if (error.type !== 'VALIDATION_ERROR') notify.error(error.message);
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Opret afdeling" size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Navn" withAsterisk data-autofocus maxLength={100} {...form.getInputProps('name')} />
          <Select
            label="Region"
            withAsterisk
            placeholder="Vælg region"
            data={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
            allowDeselect={false}
            {...form.getInputProps('region')}
          />
          <TextInput
            label="Ansvarscenter"
            description="Lokationskoden starter som ansvarscenterets kode og kan ændres bagefter."
            withAsterisk
            maxLength={20}
            {...form.getInputProps('navResponsibilityCenter')}
          />
          <Text size="sm" c="dimmed">
            Afdelingen oprettes med 3 montører, intet varsel og uden åbningstider og tider. Dem sætter du bagefter.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Annuller
            </Button>
            <Button type="submit" loading={save.isPending}>
              Opret afdeling
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
