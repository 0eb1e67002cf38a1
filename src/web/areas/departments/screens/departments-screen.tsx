// The domain's Danish messages for every rule a schema does not word itself (department.schemas.ts does not load them).
import '@/domain/lib/validation';
import { Alert, Box, Button, Center, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { editableDepartmentIds, isDepartmentAdmin, marksDamagesOfDepartments } from '@/domain/departments/department-rules';
import { DEPARTMENT_MESSAGES, REGION_LABELS, type TDepartment } from '@/domain/departments/department.schemas';
import { isSetGuid } from '@/domain/lib/guid';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import { useDeleteDepartment, useDepartmentNames, useDepartments } from '../api';
import { CreateDepartmentDialog } from '../components/create-department-dialog';
import { DepartmentEditor } from '../components/department-editor';
import { DepartmentPicker } from '../components/department-picker';
import { DepartmentsOverview } from '../components/departments-overview';

export const SCREEN_TITLE = 'Afdelinger';

/** The confirmation before a department is deleted. */
export function deleteDepartmentText(department: Pick<TDepartment, 'name'>): string {
  return `Du er ved at slette afdelingen ${department.name}. Det kan ikke fortrydes. Er du sikker?`;
}

/**
 * Afdelinger (/departments and /departments/{departmentId}, document 3): a department picker, 'Opret afdeling' and
 * delete for Adminstrator, and the chosen department's master data, opening hours, time slots, loan cars and resource
 * relations. TimeManagement sees only its own department and those sharing its responsibility centre.
 */
export function DepartmentsScreen() {
  const { departmentId } = useParams();
  const navigate = useNavigate();
  const { user, isLoading: userLoading } = useSession();
  const departments = useDepartments();
  const remove = useDeleteDepartment();
  const [creating, setCreating] = useState(false);
  /** A department just deleted: once it is gone from the list (and its unsaved form with it), the screen goes back to the list. */
  const [deleted, setDeleted] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ id: string; message: string } | null>(null);

  const all = useMemo(() => departments.data ?? [], [departments.data]);
  const admin = user ? isDepartmentAdmin(user) : false;
  const editable = useMemo(
    () =>
      user
        ? editableDepartmentIds({ roles: user.roles, departmentId: isSetGuid(user.departmentGuid) ? user.departmentGuid : null }, all)
        : new Set<string>(),
    [user, all],
  );
  const visible = useMemo(() => all.filter((d) => editable.has(d.id)), [all, editable]);
  const wanted = departmentId?.toLowerCase();
  const current = wanted ? all.find((d) => d.id.toLowerCase() === wanted) : undefined;
  const open = current && editable.has(current.id) ? current : undefined;
  // TimeManagement's list holds only its own centre (issue 37): another centre's department is known by its name only.
  const names = useDepartmentNames();
  const elsewhere = !admin && wanted !== undefined && !current && (names.data ?? []).some((d) => d.id.toLowerCase() === wanted);
  const canMarkDamages = user ? marksDamagesOfDepartments(user) : false;
  const isPhone = useIsPhone();
  const loading =
    departments.isPending ||
    userLoading ||
    (deleted !== null && deleted === wanted) ||
    (!admin && wanted !== undefined && !current && names.isPending);

  useEffect(() => {
    if (deleted && !all.some((d) => d.id === deleted)) {
      setDeleted(null);
      void navigate('/departments', { replace: true });
    }
  }, [deleted, all, navigate]);

  const confirmDelete = (department: TDepartment) =>
    modals.openConfirmModal({
      title: 'Slet afdeling',
      children: <Text size="sm">{deleteDepartmentText(department)}</Text>,
      labels: { confirm: 'Slet', cancel: 'Annuller' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        setRefusal(null);
        remove.mutate(department.id, {
          onSuccess: () => {
            notify.success(`Afdelingen ${department.name} er slettet`);
            setDeleted(department.id);
          },
          onError: (error) =>
            setRefusal({
              id: department.id,
              message: isApiError(error) && error.status !== 500 ? error.message : 'Afdelingen kunne ikke slettes',
            }),
        });
      },
    });

  const picker = (
    <DepartmentPicker
      departments={visible}
      value={open?.id ?? null}
      loading={loading}
      onChange={(id) => void navigate(`/departments/${id}`)}
    />
  );
  const actions = (
    <>
      {isPhone ? null : picker}
      {admin ? (
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)} mt={{ base: 0, sm: 25 }}>
          Opret afdeling
        </Button>
      ) : null}
      {admin && open ? (
        <Button
          variant="outline"
          color="red"
          leftSection={<IconTrash size={18} />}
          onClick={() => confirmDelete(open)}
          loading={remove.isPending}
          mt={{ base: 0, sm: 25 }}
        >
          Slet afdeling
        </Button>
      ) : null}
    </>
  );

  let body;
  if (loading) {
    body = (
      <Center py="xl" role="status" aria-label="Henter afdelinger">
        <Loader />
      </Center>
    );
  } else if (departments.isError) {
    body = (
      <Alert color="red" title="Afdelingerne kunne ikke hentes">
        Prøv at genindlæse siden.
      </Alert>
    );
  } else if (!wanted) {
    body =
      visible.length === 0 ? (
        <Alert color="yellow" title="Ingen afdelinger">
          Du har ingen afdeling at redigere. Bed en administrator om at give din bruger en afdeling.
        </Alert>
      ) : (
        <DepartmentsOverview departments={visible} />
      );
  } else if (!current && !elsewhere) {
    body = (
      <Alert color="yellow" title={DEPARTMENT_MESSAGES.notFound}>
        Vælg en anden afdeling i listen.
      </Alert>
    );
  } else if (!open) {
    body = (
      <Alert color="red" title="Ingen adgang til afdelingen">
        {DEPARTMENT_MESSAGES.notYourDepartment}.
      </Alert>
    );
  } else {
    body = (
      <>
        {refusal && refusal.id === open.id ? (
          <Alert
            color="red"
            title="Afdelingen kan ikke slettes"
            withCloseButton
            closeButtonLabel="Luk"
            onClose={() => setRefusal(null)}
            mb="md"
          >
            {refusal.message}
          </Alert>
        ) : null}
        <DepartmentEditor
          key={open.id}
          department={open}
          departments={all}
          visible={visible}
          admin={admin}
          canMarkDamages={canMarkDamages}
        />
      </>
    );
  }

  const description = open
    ? [
        open.mobileService ? 'Mobilservice' : 'Værksted',
        REGION_LABELS[open.region],
        [open.address, [open.zipCode, open.city].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        `Ansvarscenter ${open.navResponsibilityCenter}`,
      ]
        .filter(Boolean)
        .join(' · ')
    : admin
      ? 'Afdelingernes stamdata, åbningstider, tider, lånebiler og ressourcer.'
      : 'Åbningstider, tider, lånebiler og ressourcer for din afdeling og afdelinger med samme ansvarscenter.';

  return (
    <>
      <PageHeader title={open ? `${SCREEN_TITLE} – ${open.name}` : SCREEN_TITLE} description={description} actions={actions} />
      {isPhone ? <Box mb="md">{picker}</Box> : null}
      {body}
      {admin ? (
        <CreateDepartmentDialog
          opened={creating}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            void navigate(`/departments/${created.id}?fane=aabningstider`);
          }}
        />
      ) : null}
    </>
  );
}
