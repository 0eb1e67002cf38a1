import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { canOpen, SCREENS } from '@/domain/access/screens';
import { hasAnyRole } from '@/domain/users/roles';
import { QueryState } from '../../../components/query-state';
import { useSession } from '../../users';
import { FITTER_ROLES, WORKSHEET_LIST_ROLES } from '../dashboard-blocks';
import { fitterJobsQuery } from '../fitter-jobs-query';
import { DepartmentTasks } from './department-tasks';
import { FitterJobs } from './fitter-jobs';

/**
 * The dashboard's start area 'Dagens opgaver' (document 1), for every role that opens the dashboard, with that
 * user's tasks: a fitter's own jobs first (the next one with its actions, today's in time order, tomorrow's), then
 * for Adminstrator and Operation the department's jobs today; with a link to all assignments for those who may open
 * them. Any other user (customer service, stock) sees its own day, which is empty unless it is set on a job.
 */
export function TodaysTasks() {
  const { user } = useSession();
  const roles = user?.roles ?? [];
  const jobs = useQuery({ ...fitterJobsQuery(user?.id ?? ''), enabled: Boolean(user) });
  const departmentList = hasAnyRole(roles, WORKSHEET_LIST_ROLES);
  const ownCount = jobs.data ? jobs.data.today.jobs.length + jobs.data.tomorrow.jobs.length : 0;
  // A fitter always sees its own day (also an empty one); an administrator only when it has jobs of its own.
  const own = hasAnyRole(roles, FITTER_ROLES) || !departmentList || ownCount > 0;
  if (!user) return null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="todays-tasks-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id="todays-tasks-title">
          Dagens opgaver
        </Title>
        {canOpen(SCREENS.ASSIGNMENTS.access, roles) ? (
          <Anchor component={Link} to={SCREENS.ASSIGNMENTS.path} size="sm">
            <Group gap={4} component="span" wrap="nowrap">
              Alle opgaver <IconArrowRight size={14} />
            </Group>
          </Anchor>
        ) : null}
      </Group>
      <Stack gap="lg">
        {own ? (
          <QueryState
            query={jobs}
            loadingLabel="Henter dine opgaver"
            errorTitle="Dine opgaver kunne ikke hentes"
            isEmpty={false}
            emptyText=""
          >
            {jobs.data ? <FitterJobs jobs={jobs.data} /> : null}
          </QueryState>
        ) : null}
        {departmentList ? <DepartmentTasks title={own ? 'Afdelingens opgaver i dag' : undefined} /> : null}
      </Stack>
    </Paper>
  );
}
