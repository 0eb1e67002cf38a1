import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { menuFor } from '@/domain/access/screens';
import { PageHeader } from '../../../components/page-header';
import { ScreenIcon } from '../../../components/screen-icon';
import { useSession } from '../../users';

/** Forside for now: a greeting and one card per menu screen (the blocks come with later issues). */
export function DashboardScreen() {
  const { user } = useSession();
  if (!user) return null;
  const items = menuFor(user.roles).filter((item) => item.name !== 'DASHBOARD');

  return (
    <>
      <PageHeader title="Forside" description={`Goddag, ${user.name}.`} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
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
    </>
  );
}
