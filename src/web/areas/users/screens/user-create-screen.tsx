import { useNavigate } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useDepartments } from '../../departments';
import { useCreateUser } from '../api';
import { toCreatePayload, UserForm } from '../components/user-form';

export function UserCreateScreen() {
  const navigate = useNavigate();
  const departments = useDepartments();
  const create = useCreateUser();

  return (
    <>
      <PageHeader title="Opret bruger" description="Brugeradministration" />
      <UserForm
        mode="create"
        departments={departments.data}
        departmentsFailed={departments.isError}
        submitting={create.isPending}
        onSubmit={async (values) => {
          await create.mutateAsync(toCreatePayload(values));
          notify.success(API_MESSAGES.userCreated);
          await navigate('/users');
        }}
      />
    </>
  );
}
