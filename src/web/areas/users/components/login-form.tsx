import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import type { TLogin, TUserInfo } from '@/domain/users/user.schemas';
import { ZLogin } from '@/domain/users/user.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useLogin } from '../session';

interface LoginFormProps {
  onSignedIn: (user: TUserInfo) => void;
}

/** 'Initialer' and 'Adgangskode'; the server accepts initials or an e-mail address in `Email`. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const login = useLogin();
  const form = useForm<TLogin>({
    mode: 'controlled',
    initialValues: { Email: '', Password: '' },
    validate: zod4Resolver(ZLogin, { errorPriority: 'first' }),
    validateInputOnBlur: false,
  });

  const submit = form.onSubmit((values) => {
    login.mutate(values, {
      onSuccess: (user) => onSignedIn(user),
      onError: (error) => {
        if (!isApiError(error)) {
          notify.error(API_MESSAGES.unexpected);
        } else if (error.type === 'UNAUTHORIZED_ERROR') {
          notify.error(error.serverMessage ?? API_MESSAGES.invalidCredentials);
        } else if (error.status !== 500) {
          // 429 and other refusals carry the server's own wording.
          notify.error(error.serverMessage ?? error.message);
        }
        form.setFieldValue('Password', '');
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Initialer"
          autoComplete="username"
          autoCapitalize="characters"
          autoFocus
          withAsterisk
          {...form.getInputProps('Email')}
        />
        <PasswordInput label="Adgangskode" autoComplete="current-password" withAsterisk {...form.getInputProps('Password')} />
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          Log ind
        </Button>
        <Anchor component={Link} to="/forgot" size="sm" ta="center">
          Glemt adgangskode?
        </Anchor>
      </Stack>
    </form>
  );
}
