import { Anchor, Box, Card, Center, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { menuFor, SCREENS } from '@/domain/access/screens';
import { hasAnyRole } from '@/domain/users/roles';
import { isSetGuid } from '@/domain/lib/guid';
import { PageHeader } from '../../../components/page-header';
import { ScreenIcon } from '../../../components/screen-icon';
import { useSession } from '../../users';
import { loadOrderBlocks } from '../components/load-order-blocks';
import { TodaysTasks } from '../components/todays-tasks';
import { FITTER_ROLES, ORDER_BLOCK_ROLES, TRANSFER_BLOCK_ROLES, WORKSHEET_LIST_ROLES } from '../dashboard-blocks';

/**
 * The order blocks (the flow's first step, with the car, payer and product search) are a chunk of their own,
 * loaded beside the dashboard's: 'Dagens opgaver' shows and asks for its list without waiting for them.
 */
const OrderBlocks = lazy(() => loadOrderBlocks().then((m) => ({ default: m.OrderBlocks })));

/** The transfer-orders block is a small chunk of its own, loaded only for the roles that see it. */
const TransferBlock = lazy(() => import('../../transfers').then((m) => ({ default: m.TransferBlock })));

/**
 * The room the transfer block fills, the same while its chunk and its list load, empty or full (its list scrolls
 * inside), so the blocks below never jump; a user without a department gets a short note instead.
 */
function TransferBlockRoom({ hasDepartment, tall }: { hasDepartment: boolean; tall: boolean }) {
  const height = tall ? '28rem' : { base: '22rem', sm: '20rem' };
  // Nothing waits at no department: the note and the way to Vareflyt, without loading the block's chunk.
  if (!hasDepartment) {
    return (
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="transfer-block-title">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h3" id="transfer-block-title">
            Vareflyt
          </Title>
          <Anchor component={Link} to={SCREENS.ORDERS.path} size="sm">
            Åbn Vareflyt
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          Du er ikke knyttet til en afdeling. Vælg en lokation i Vareflyt for at se dens overflytninger.
        </Text>
      </Card>
    );
  }
  return (
    <Box h={height}>
      <Suspense
        fallback={
          <Center h="100%" role="status" aria-label="Indlæser Vareflyt">
            <Loader />
          </Center>
        }
      >
        <TransferBlock />
      </Suspense>
    </Box>
  );
}

/** While the order blocks load: their room, so the page does not grow under the user's eyes more than once. */
function OrderBlocksFallback() {
  return (
    <Center mih={480} role="status" aria-label="Indlæser ordreblokkene">
      <Loader />
    </Center>
  );
}

function Shortcuts({ roles }: { roles: readonly string[] }) {
  const items = menuFor(roles).filter((item) => item.name !== 'DASHBOARD');
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Genveje"
    >
      {items.map((item) => (
        <li key={item.name}>
          <Card component={Link} to={item.path} withBorder padding="md" radius="md" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size="lg" radius="md">
                <ScreenIcon name={item.name} size={20} />
              </ThemeIcon>
              <Text fw={500}>{item.label}</Text>
            </Group>
          </Card>
        </li>
      ))}
    </SimpleGrid>
  );
}

/**
 * The start area's room, so what follows does not jump when its lists arrive (issue 11: layout shift): a fitter's
 * day fills at least the phone's first screen (everything below starts under it), the department's list alone keeps
 * its fixed card (global.css), and a user without either gets a short area.
 */
function StartArea({ fitter, departmentList }: { fitter: boolean; departmentList: boolean }) {
  if (fitter) {
    return (
      <Box mih={{ base: 'calc(100svh - 56px - 6.5rem)', sm: '26rem' }} style={{ display: 'grid' }}>
        <TodaysTasks />
      </Box>
    );
  }
  if (departmentList) {
    return (
      <Box className="dashboard-todays-tasks">
        <TodaysTasks />
      </Box>
    );
  }
  return (
    <Box mih="13rem" style={{ display: 'grid' }}>
      <TodaysTasks />
    </Box>
  );
}

/**
 * Forside: blocks by role, under the start area 'Dagens opgaver' that every role gets (a fitter's own day first);
 * users without the order blocks (Stock) get their transfers and shortcuts to their screens.
 */
export function DashboardScreen() {
  const { user } = useSession();
  if (!user) return null;
  const orderBlocks = hasAnyRole(user.roles, ORDER_BLOCK_ROLES);
  const worksheetList = hasAnyRole(user.roles, WORKSHEET_LIST_ROLES);
  const startArea = <StartArea fitter={hasAnyRole(user.roles, FITTER_ROLES)} departmentList={worksheetList} />;
  const transferBlock = hasAnyRole(user.roles, TRANSFER_BLOCK_ROLES) ? (
    // A stock user has no other block: the transfers get more room.
    <TransferBlockRoom hasDepartment={isSetGuid(user.departmentGuid)} tall={!orderBlocks && !worksheetList} />
  ) : null;

  return (
    <>
      <PageHeader title="Forside" description={`Goddag, ${user.name}.`} />
      {orderBlocks || worksheetList ? (
        <Stack gap="md">
          {/* The start area first: today's work, then a new order. */}
          {startArea}
          {transferBlock}
          {orderBlocks ? (
            <Suspense fallback={<OrderBlocksFallback />}>
              <OrderBlocks />
            </Suspense>
          ) : null}
        </Stack>
      ) : (
        // Stock: the transfers waiting at the department are the work; the shortcuts below lead on.
        <Stack gap="md">
          {startArea}
          {transferBlock}
          <Shortcuts roles={user.roles} />
        </Stack>
      )}
    </>
  );
}
