import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { ZResetPassword } from '@/domain/users/user.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../session';

export const RESET_NOTICE = 'Hvis brugeren findes, sendes en ny adgangskode til den registrerede enhed.';

/** One field for e-mail or phone and 'Nulstil'; the answer never tells whether the user exists. */
export function ForgotForm() {
  const reset = useResetPassword();
  const [sent, setSent] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { Identifier: '' },
    validate: zod4Resolver(ZResetPassword, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (answer) => {
        setSent(true);
        notify.success(answer?.message ?? API_MESSAGES.passwordReset);
      },
      onError: (error) => {
        if (isApiError(error) && error.status !== 500) notify.error(error.serverMessage ?? error.message);
        else if (!isApiError(error)) notify.error(API_MESSAGES.unexpected);
      },
    });
  });

  return (
    <Stack gap="md">
      {sent ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {RESET_NOTICE}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail eller telefon"
            autoComplete="username"
            autoFocus
            withAsterisk
            {...form.getInputProps('Identifier')}
          />
          <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
            Nulstil
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        Tilbage til log ind
      </Anchor>
    </Stack>
  );
}
