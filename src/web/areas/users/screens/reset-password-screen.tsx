import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { RESET_MESSAGES } from '@/domain/users/user-messages';
import type { TPasswordResetConfirmInput } from '@/domain/users/user.schemas';
import { RESET_CODE_LENGTH, ZPasswordResetConfirm } from '@/domain/users/user.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { AuthCard } from '../components/auth-card';
import type { ResetPageState } from '../components/forgot-form';
import { useConfirmPasswordReset } from '../session';

export const RESET_PAGE_TITLE = 'Vælg ny adgangskode';

/**
 * /reset-password: the e-mail's link leads here with its token (only the new password is asked for);
 * without a token the SMS code is typed with the e-mail or phone it was sent for.
 */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token')?.trim() ?? '';
  const byLink = token !== '';
  const confirm = useConfirmPasswordReset();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const form = useForm<TPasswordResetConfirmInput>({
    mode: 'controlled',
    initialValues: {
      token,
      identifier: (location.state as ResetPageState | null)?.identifier ?? '',
      code: '',
      password: '',
      confirmPassword: '',
    },
    validate: zod4Resolver(ZPasswordResetConfirm, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit((values) => {
    setRefusal(null);
    confirm.mutate(values, {
      onSuccess: () => setDone(true),
      onError: (error) => {
        if (!isApiError(error)) notify.error(API_MESSAGES.unexpected);
        else if (error.status === 400 && error.type === 'GENERIC_ERROR') setRefusal(error.serverMessage ?? error.message);
        else if (error.status !== 500 && error.type !== 'VALIDATION_ERROR') notify.error(error.serverMessage ?? error.message);
      },
    });
  });

  if (done) {
    return (
      <AuthCard title={RESET_PAGE_TITLE}>
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {RESET_MESSAGES.done}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          Gå til log ind
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={RESET_PAGE_TITLE}
      description={
        byLink
          ? 'Skriv den adgangskode, du vil logge ind med fremover.'
          : 'Skriv din e-mail eller dit telefonnummer, koden du har fået, og din nye adgangskode.'
      }
    >
      {refusal ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {byLink ? null : (
            <>
              <TextInput label="E-mail eller telefon" autoComplete="username" withAsterisk {...form.getInputProps('identifier')} />
              <TextInput
                label="Kode"
                description={`${RESET_CODE_LENGTH} cifre`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={RESET_CODE_LENGTH + 2}
                withAsterisk
                {...form.getInputProps('code')}
              />
            </>
          )}
          <PasswordInput
            label="Ny adgangskode"
            autoComplete="new-password"
            autoFocus={byLink}
            withAsterisk
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Bekræft ny adgangskode"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={confirm.isPending} fullWidth mt="xs">
            Gem ny adgangskode
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/forgot" size="sm" ta="center">
        Bed om et nyt link eller en ny kode
      </Anchor>
    </AuthCard>
  );
}
