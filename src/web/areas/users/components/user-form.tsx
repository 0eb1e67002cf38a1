import { Alert, Button, Checkbox, Group, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { Select } from '../../../components/select';
import type { FormErrors } from '@mantine/form';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useCallback, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TRole } from '@/domain/users/roles';
import { isRole, ROLE_LABELS, ROLES } from '@/domain/users/roles';
import { userRoleIssues, ZUserCreate, ZUserUpdate } from '@/domain/users/user.schemas';
import type { TUser, TUserCreateInput, TUserUpdateInput } from '@/domain/users/user.schemas';
import { StaleCopyNotice } from '../../../components/stale-copy-notice';
import { isApiError } from '../../../lib/api-client';
import { loadSavedCopy, useStaleCopy } from '../../../lib/stale-copy';
import { departmentOptionLabel } from '../../departments';
import { USER_FIELD_LABELS } from '../api';

export interface UserFormValues {
  id: string;
  name: string;
  initials: string;
  phone: string;
  email: string;
  roles: TRole[];
  departmentGuid: string;
  calendarDepartmentGuid: string;
  allowSMS: boolean;
  allowEmail: boolean;
  autoPassword: boolean;
  password: string;
  confirmPassword: string;
  /** The version the edit form was opened with (lib/stale-copy.ts); empty when creating. */
  updateId: string;
}

export const EMPTY_USER_FORM: UserFormValues = {
  id: '',
  name: '',
  initials: '',
  phone: '',
  email: '',
  roles: [],
  departmentGuid: '',
  calendarDepartmentGuid: '',
  allowSMS: false,
  allowEmail: false,
  autoPassword: true,
  password: '',
  confirmPassword: '',
  updateId: '',
};

const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_USER_FORM));

function guidForForm(value: string | null | undefined): string {
  return value && value !== ZERO_GUID ? value.toLowerCase() : '';
}

/** The edit form's starting values from a user as the API shows it; passwords start empty. */
export function userToFormValues(user: TUser): UserFormValues {
  return {
    ...EMPTY_USER_FORM,
    id: user.id,
    name: user.name,
    initials: user.initials,
    phone: user.phone,
    email: user.email,
    roles: user.roles.filter(isRole),
    departmentGuid: guidForForm(user.departmentGuid),
    calendarDepartmentGuid: guidForForm(user.calendarDepartmentGuid),
    allowSMS: user.allowSMS,
    allowEmail: user.allowEmail,
    autoPassword: false,
    updateId: user.updateId,
  };
}

export function toCreatePayload(values: UserFormValues): TUserCreateInput {
  const { id: _id, updateId: _version, ...rest } = values;
  void _id;
  void _version;
  return values.autoPassword ? { ...rest, password: '', confirmPassword: '' } : rest;
}

export function toUpdatePayload(values: UserFormValues): TUserUpdateInput {
  const { autoPassword: _auto, ...rest } = values;
  void _auto;
  return rest;
}

const createResolver = zod4Resolver(ZUserCreate, { errorPriority: 'first' });
const updateResolver = zod4Resolver(ZUserUpdate, { errorPriority: 'first' });

/**
 * The form's rules: the domain's schema (ZUserCreate or ZUserUpdate) plus the role rules that
 * need department facts (userRoleIssues), checked against the loaded departments.
 */
export function validateUserForm(
  mode: 'create' | 'edit',
  values: UserFormValues,
  departments: readonly TDepartment[] | undefined,
): FormErrors {
  const errors: FormErrors = mode === 'create' ? createResolver(toCreatePayload(values)) : updateResolver(toUpdatePayload(values));
  if (departments) {
    const issues = userRoleIssues(values, (id) => departments.find((d) => d.id.toLowerCase() === id.toLowerCase()));
    for (const issue of issues) {
      const key = issue.path.join('.');
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** The server's VALIDATION_ERROR messages for the fields this form has. */
export function serverFieldErrors(error: unknown): FormErrors {
  if (!isApiError(error) || error.type !== 'VALIDATION_ERROR' || !error.errors) return {};
  const errors: FormErrors = {};
  for (const [path, messages] of Object.entries(error.errors)) {
    if (FORM_FIELDS.has(path) && messages.length > 0) errors[path] = messages.join(' ');
  }
  return errors;
}

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues?: UserFormValues;
  departments: readonly TDepartment[] | undefined;
  departmentsFailed?: boolean;
  submitting: boolean;
  /** Rejects with the API error when the server refuses; its field errors land on the fields. */
  onSubmit: (values: UserFormValues) => Promise<unknown>;
  /** Edit: reads the user as saved now, for a save refused because another saved the user meanwhile. */
  loadSaved?: () => Promise<UserFormValues | null>;
}

/** The fields the stale-copy diff compares: the form's, without the passwords (never read back). */
const STALE_LABELS = Object.fromEntries(
  Object.entries(USER_FIELD_LABELS).filter(([field]) => !['id', 'autoPassword', 'password', 'confirmPassword'].includes(field)),
);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="fieldset" m={0}>
      <Title order={2} size="h4" mb="sm" component="legend" style={{ float: 'left', width: '100%', padding: 0 }}>
        {title}
      </Title>
      <div style={{ clear: 'both' }}>{children}</div>
    </Paper>
  );
}

export function UserForm({ mode, initialValues, departments, departmentsFailed, submitting, onSubmit, loadSaved }: UserFormProps) {
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: initialValues ?? EMPTY_USER_FORM,
    validate: (values) => validateUserForm(mode, values, departments),
  });
  const format = useCallback(
    (field: string, value: unknown) => {
      if (field === 'roles') return (value as string[]).map((r) => (isRole(r) ? ROLE_LABELS[r] : r)).join(', ') || '(ingen)';
      if (field === 'departmentGuid' || field === 'calendarDepartmentGuid') {
        return value ? (departments?.find((d) => d.id.toLowerCase() === value)?.name ?? String(value)) : '(ingen)';
      }
      return undefined;
    },
    [departments],
  );
  const staleOptions = useMemo(() => ({ labels: STALE_LABELS, format }), [format]);
  const stale = useStaleCopy<UserFormValues>(staleOptions);

  const departmentOptions = [...(departments ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name, 'da'))
    .map((d) => ({ value: d.id.toLowerCase(), label: departmentOptionLabel(d) }));

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
      stale.clear();
    } catch (error) {
      if (loadSaved && (await stale.check(error, { base: form.getInitialValues(), mine: values }, loadSaved))) return;
      const fieldErrors = serverFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
    }
  });

  const { values } = form;
  const showPasswords = mode === 'edit' || !values.autoPassword;
  const showConfirm = mode === 'create' ? showPasswords : values.password !== '';
  const contactError = form.errors.allowSMS ?? form.errors.allowEmail;

  const departmentSelect = (field: 'departmentGuid' | 'calendarDepartmentGuid', label: string) => (
    <Select
      label={label}
      placeholder="Ingen afdeling"
      data={departmentOptions}
      value={values[field] || null}
      onChange={(value) => form.setFieldValue(field, value ?? '')}
      onBlur={() => form.validateField(field)}
      error={form.errors[field]}
      clearable
      searchable
      nothingFoundMessage="Ingen afdelinger fundet"
      maxDropdownHeight={500}
      comboboxProps={{ withinPortal: true }}
      disabled={!departments && !departmentsFailed}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={mode === 'create' ? 'Opret bruger' : 'Rediger bruger'}>
      <Stack gap="md">
        <StaleCopyNotice
          conflict={stale.conflict}
          onReload={(saved) => {
            loadSavedCopy(form, saved);
            stale.clear();
          }}
          onClose={stale.clear}
        />
        <Section title="Stamdata">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Navn" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
            <TextInput
              label="Initialer"
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('initials')}
              onChange={(event) => form.setFieldValue('initials', event.currentTarget.value.toUpperCase())}
            />
            <TextInput label="Telefon" inputMode="numeric" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
          </SimpleGrid>
        </Section>

        <Section title="Roller og afdeling">
          <Stack gap="sm">
            <Checkbox.Group
              label="Roller"
              withAsterisk
              value={values.roles}
              onChange={(next) => form.setFieldValue('roles', next.filter(isRole))}
              error={form.errors.roles}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
                {ROLES.map((role) => (
                  <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            {departmentsFailed ? (
              <Alert color="yellow" variant="light">
                Afdelingerne kunne ikke hentes. Afdelingsreglerne kontrolleres, når brugeren gemmes.
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {departmentSelect('departmentGuid', 'Afdeling')}
              {departmentSelect('calendarDepartmentGuid', 'Kalenderafdeling')}
            </SimpleGrid>
          </Stack>
        </Section>

        <Section title="Adgangskode">
          <Stack gap="sm">
            {mode === 'create' ? (
              <Stack gap={4}>
                <Switch
                  label="Autogenerer adgangskode"
                  aria-describedby="auto-password-help"
                  checked={values.autoPassword}
                  onChange={(event) => {
                    const on = event.currentTarget.checked;
                    form.setValues({ autoPassword: on, password: '', confirmPassword: '' });
                    form.clearFieldError('password');
                    form.clearFieldError('confirmPassword');
                  }}
                />
                <Text id="auto-password-help" size="sm" c="dimmed">
                  {values.autoPassword
                    ? 'Adgangskoden dannes automatisk og sendes til brugeren på SMS eller e-mail.'
                    : 'Skriv brugerens adgangskode to gange (mindst 6 tegn).'}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                Udfyld kun adgangskoden, hvis den skal ændres.
              </Text>
            )}
            {showPasswords ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <PasswordInput
                  label="Adgangskode"
                  withAsterisk={mode === 'create'}
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                  onChange={(event) => {
                    const next = event.currentTarget.value;
                    form.setFieldValue('password', next);
                    if (mode === 'edit' && next === '') form.setFieldValue('confirmPassword', '');
                  }}
                />
                {showConfirm ? (
                  <PasswordInput
                    label="Bekræft adgangskode"
                    withAsterisk
                    autoComplete="new-password"
                    {...form.getInputProps('confirmPassword')}
                  />
                ) : null}
              </SimpleGrid>
            ) : null}
          </Stack>
        </Section>

        <Section title="Kontakt">
          <Stack gap="xs">
            <Group gap="xl">
              <Checkbox label="Tillad SMS" {...form.getInputProps('allowSMS', { type: 'checkbox' })} error={Boolean(contactError)} />
              <Checkbox label="Tillad e-mail" {...form.getInputProps('allowEmail', { type: 'checkbox' })} error={Boolean(contactError)} />
            </Group>
            {contactError ? (
              <Text size="xs" c="red.7" role="alert">
                {contactError}
              </Text>
            ) : null}
          </Stack>
        </Section>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/users">
            Annuller
          </Button>
          <Button type="submit" loading={submitting}>
            {mode === 'create' ? 'Opret bruger' : 'Gem ændringer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
