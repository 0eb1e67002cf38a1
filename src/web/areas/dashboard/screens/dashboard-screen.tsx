import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { menuFor } from '@/domain/access/screens';
import type { TRole } from '@/domain/users/roles';
import { hasAnyRole } from '@/domain/users/roles';
import { PageHeader } from '../../../components/page-header';
import { ScreenIcon } from '../../../components/screen-icon';
import { OrderBlock, PriceEnquiryBlock, useFlowLeaveConfirmation } from '../../orders';
import { useSession } from '../../users';
import { TodaysTasks } from '../components/todays-tasks';

/** The order, car and payer block and the price enquiry (document 1 section 2). */
export const ORDER_BLOCK_ROLES: readonly TRole[] = ['Adminstrator', 'CustomerService', 'Operation'];
/** The worksheet orders list, 'Dagens opgaver'. */
export const WORKSHEET_LIST_ROLES: readonly TRole[] = ['Adminstrator', 'Operation'];

/** The order blocks hold the flow's first step: leaving for another page asks first. */
function OrderBlocks() {
  useFlowLeaveConfirmation();
  return (
    <Stack gap="md">
      <OrderBlock />
      <PriceEnquiryBlock />
    </Stack>
  );
}

function Shortcuts({ roles }: { roles: readonly string[] }) {
  const items = menuFor(roles).filter((item) => item.name !== 'DASHBOARD');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Genveje">
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

/** Forside: blocks by role; users without any (Stock) get shortcuts to their screens. */
export function DashboardScreen() {
  const { user } = useSession();
  if (!user) return null;
  const orderBlocks = hasAnyRole(user.roles, ORDER_BLOCK_ROLES);
  const worksheetList = hasAnyRole(user.roles, WORKSHEET_LIST_ROLES);

  return (
    <>
      <PageHeader title="Forside" description={`Goddag, ${user.name}.`} />
      {orderBlocks || worksheetList ? (
        <Stack gap="md">
          {/* The start area first: today's work, then a new order. */}
          {worksheetList ? <TodaysTasks /> : null}
          {orderBlocks ? <OrderBlocks /> : null}
        </Stack>
      ) : (
        <Shortcuts roles={user.roles} />
      )}
    </>
  );
}
