import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { RESET_MESSAGES, RESET_PASSWORD_PATH } from '@/domain/users/user-messages';
import { ZResetPassword } from '@/domain/users/user.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../session';

/** Said after 'Nulstil', whether or not the user exists. */
export const RESET_NOTICE = RESET_MESSAGES.sent;

/** What the reset page is handed, so a code can be typed without typing the e-mail or phone again. */
export interface ResetPageState {
  identifier?: string;
}

/**
 * One field for e-mail or phone and 'Nulstil'; the answer never tells whether the user exists. A link or a
 * code is sent; the password stays until a new one is chosen with it.
 */
export function ForgotForm() {
  const reset = useResetPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { Identifier: '' },
    validate: zod4Resolver(ZResetPassword, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit((values) => {
    reset.mutate(values, {
      onSuccess: (answer) => {
        setSentTo(values.Identifier.trim());
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
      {sentTo !== null ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} role="status">
          {RESET_NOTICE}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="E-mail eller telefon" autoComplete="username" autoFocus withAsterisk {...form.getInputProps('Identifier')} />
          <Button type="submit" loading={reset.isPending} fullWidth mt="xs">
            Nulstil
          </Button>
        </Stack>
      </form>
      <Group justify="space-between" gap="xs">
        <Anchor component={Link} to="/login" size="sm">
          Tilbage til log ind
        </Anchor>
        <Anchor
          component={Link}
          to={RESET_PASSWORD_PATH}
          state={{ identifier: sentTo ?? form.getValues().Identifier.trim() } satisfies ResetPageState}
          size="sm"
        >
          Jeg har fået en kode
        </Anchor>
      </Group>
    </Stack>
  );
}
