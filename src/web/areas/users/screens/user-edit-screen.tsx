import { Alert, Center } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useDepartments } from '../../departments';
import { useUpdateUser, useUser } from '../api';
import { toUpdatePayload, UserForm, userToFormValues } from '../components/user-form';
import { LoadingStatus } from '../../../components/query-state';

export function UserEditScreen() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const user = useUser(userId);
  const departments = useDepartments();
  const update = useUpdateUser();

  let content;
  if (user.isPending) {
    content = (
      <Center py="xl">
        <LoadingStatus label="Indlæser bruger" />
      </Center>
    );
  } else if (user.isError) {
    content = (
      <Alert color="red" title="Brugeren kunne ikke hentes">
        Brugeren findes måske ikke længere.
      </Alert>
    );
  } else {
    content = (
      <UserForm
        key={user.data.id}
        mode="edit"
        initialValues={userToFormValues(user.data)}
        departments={departments.data}
        departmentsFailed={departments.isError}
        submitting={update.isPending}
        onSubmit={async (values) => {
          await update.mutateAsync(toUpdatePayload(values));
          notify.success(API_MESSAGES.userUpdated);
          await navigate('/users');
        }}
        loadSaved={async () => {
          const saved = await user.refetch();
          return saved.data ? userToFormValues(saved.data) : null;
        }}
      />
    );
  }

  return (
    <>
      <PageHeader title="Rediger bruger" description={user.data ? `${user.data.name} (${user.data.initials})` : 'Brugeradministration'} />
      {content}
    </>
  );
}
