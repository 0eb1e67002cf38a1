import { ActionIcon, Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../../../components/select';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { formatDateTime } from '@/domain/lib/dates';
import { formatPlate } from '@/domain/lib/format';
import { ZLoanCarInput, ZRegNumber, type TLoanCar } from '@/domain/loan-cars/loan-car.schemas';
import { CarDamageDrawing } from '../../../components/car-damage-drawing';
import { QueryState } from '../../../components/query-state';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useAddLoanCar, useDeleteLoanCar, useDepartmentLoanCars, useLoanCarDamage } from '../../loan-cars';
import { Section } from './section';

const FUEL_TYPES = ['El', 'Benzin', 'Diesel', 'Hybrid'];

interface NewCar {
  regNumber: string;
  make: string;
  model: string;
  colour: string;
  fuelType: string;
}

/** The add form's rules: the plate as the registry writes it, and the car's bounded texts. */
export function validateNewCar(values: NewCar): Partial<Record<keyof NewCar, string>> {
  const errors: Partial<Record<keyof NewCar, string>> = {};
  const plate = ZRegNumber.safeParse(values.regNumber);
  if (!plate.success) errors.regNumber = plate.error.issues[0]!.message;
  const car = ZLoanCarInput.safeParse(values);
  if (!car.success) for (const issue of car.error.issues) errors[issue.path[0] as keyof NewCar] ??= issue.message;
  return errors;
}

interface LoanCarsPanelProps {
  department: TDepartment;
  /** Whether the user may mark and remove damages here (an administrator, TimeManagement: marksDamagesOfDepartments). */
  canMarkDamages: boolean;
  departments: readonly TDepartment[];
}

/** The department's loan cars (regNumber, make, model, colour): add and delete, and their damages on the car outline. */
export function LoanCarsPanel({ department, canMarkDamages, departments }: LoanCarsPanelProps) {
  const cars = useDepartmentLoanCars(department.id);
  const addCar = useAddLoanCar(department.id);
  const deleteCar = useDeleteLoanCar(department.id);
  const damage = useLoanCarDamage(department.id);
  const form = useForm<NewCar>({
    mode: 'controlled',
    initialValues: { regNumber: '', make: '', model: '', colour: '', fuelType: 'El' },
    validate: validateNewCar,
  });
  const list = cars.data ?? [];
  // A mobile van without cars of its own lends its parent workshop's cars (the server answers those).
  const own = list.filter((c) => c.departmentId === department.id);
  const borrowed = list.filter((c) => c.departmentId !== department.id);
  const lender = departments.find((d) => d.id === borrowed[0]?.departmentId);

  const submit = form.onSubmit((values) => {
    addCar.mutate(
      { ...values, regNumber: ZRegNumber.parse(values.regNumber) },
      {
        onSuccess: (car) => {
          notify.success(`Lånebilen ${formatPlate(car.regNumber)} er tilføjet`);
          form.reset();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          if (error.errors?.regNumber) form.setFieldError('regNumber', error.errors.regNumber.join(' '));
          else if (error.type !== 'VALIDATION_ERROR') form.setFieldError('regNumber', error.message);
        },
      },
    );
  });

  const confirmDelete = (car: TLoanCar) =>
    modals.openConfirmModal({
      title: 'Slet lånebil',
      children: (
        <Text size="sm">
          Du er ved at slette lånebilen {formatPlate(car.regNumber)} ({[car.make, car.model].filter(Boolean).join(' ') || 'ukendt model'}).
          Er du sikker?
        </Text>
      ),
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteCar.mutate(car.id, {
          onSuccess: () => notify.success(`Lånebilen ${formatPlate(car.regNumber)} er slettet`),
          onError: (error) => notify.error(isApiError(error) && error.status !== 500 ? error.message : 'Lånebilen kunne ikke slettes'),
        }),
    });

  const carCard = (car: TLoanCar, editable: boolean) => (
    <Paper key={car.id} component="li" withBorder radius="md" p="sm" aria-label={`Lånebil ${formatPlate(car.regNumber)}`}>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <CarDamageDrawing
          car={car}
          width={100}
          onAdd={editable && canMarkDamages ? (x, y) => damage.add.mutate({ carId: car.id, x, y, description: '' }) : undefined}
          onRemove={editable && canMarkDamages ? (damageId) => damage.remove.mutate({ carId: car.id, damageId }) : undefined}
          disabled={damage.add.isPending || damage.remove.isPending}
        />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
              {formatPlate(car.regNumber)}
            </Text>
            {editable ? (
              <Tooltip label="Slet lånebil">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Slet lånebil ${formatPlate(car.regNumber)}`}
                  onClick={() => confirmDelete(car)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            ) : null}
          </Group>
          <Text size="sm">{[car.make, car.model].filter(Boolean).join(' ') || 'Ukendt model'}</Text>
          <Text size="sm" c="dimmed">
            {[car.colour, car.fuelType].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" fw={600} mt={4}>
            Skader ({car.damages.length})
          </Text>
          {car.damages.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ingen skader markeret.
            </Text>
          ) : (
            <ol
              style={{ margin: 0, paddingLeft: 20, fontSize: 'var(--mantine-font-size-xs)' }}
              aria-label={`Skader på ${formatPlate(car.regNumber)}`}
            >
              {car.damages.map((d, i) => (
                <li key={d.id}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs">
                      {formatDateTime(d.date)} · x {Math.round(d.x)} %, y {Math.round(d.y)} %{d.description ? ` · ${d.description}` : ''}
                    </Text>
                    {editable && canMarkDamages ? (
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={`Fjern skade ${i + 1} på ${formatPlate(car.regNumber)}`}
                        onClick={() => damage.remove.mutate({ carId: car.id, damageId: d.id })}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </li>
              ))}
            </ol>
          )}
        </Stack>
      </Group>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Section
        title="Lånebiler"
        description={
          canMarkDamages
            ? 'Klik på bilen for at markere en skade; klik på en markering for at fjerne den.'
            : 'Skader markeres af kundeservice og montører på arbejdskortet.'
        }
      >
        <QueryState
          query={cars}
          loadingLabel="Henter lånebiler"
          errorTitle="Lånebilerne kunne ikke hentes"
          isEmpty={list.length === 0}
          emptyText="Afdelingen har ingen lånebiler."
        >
          <Stack gap="sm">
            {own.length > 0 ? (
              <SimpleGrid
                component="ul"
                cols={{ base: 1, sm: 2, xl: 3 }}
                spacing="sm"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label="Afdelingens lånebiler"
              >
                {own.map((car) => carCard(car, true))}
              </SimpleGrid>
            ) : null}
            {borrowed.length > 0 ? (
              <>
                <Alert color="blue" variant="light">
                  Mobilservicen har ingen egne lånebiler og bruger lånebilerne fra {lender ? lender.name : 'den overordnede afdeling'}. Dem
                  retter du på den afdelings side.
                </Alert>
                <SimpleGrid
                  component="ul"
                  cols={{ base: 1, sm: 2, xl: 3 }}
                  spacing="sm"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  aria-label="Lånte lånebiler"
                >
                  {borrowed.map((car) => carCard(car, false))}
                </SimpleGrid>
              </>
            ) : null}
          </Stack>
        </QueryState>
      </Section>

      <Section title="Tilføj lånebil">
        <form onSubmit={submit} noValidate aria-label="Tilføj lånebil">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" style={{ alignItems: 'start' }}>
            <TextInput
              label="Reg.nr."
              withAsterisk
              maxLength={9}
              autoComplete="off"
              {...form.getInputProps('regNumber')}
              onChange={(e) => form.setFieldValue('regNumber', e.currentTarget.value.toUpperCase())}
            />
            <TextInput label="Mærke" maxLength={100} {...form.getInputProps('make')} />
            <TextInput label="Model" maxLength={100} {...form.getInputProps('model')} />
            <TextInput label="Farve" maxLength={50} {...form.getInputProps('colour')} />
            <Select label="Drivmiddel" data={FUEL_TYPES} allowDeselect={false} {...form.getInputProps('fuelType')} />
            <Button type="submit" leftSection={<IconPlus size={18} />} loading={addCar.isPending} mt={{ base: 0, lg: 25 }}>
              Tilføj lånebil
            </Button>
          </SimpleGrid>
        </form>
      </Section>
    </Stack>
  );
}
