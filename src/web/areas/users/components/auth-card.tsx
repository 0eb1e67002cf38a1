import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../../components/page-header';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The narrow card the login, forgot, reset and unauthorised pages share; its title also names the browser tab. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  usePageTitle(title);
  return (
    <Center py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="xs" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={420}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2}>{title}</Title>
            {description ? (
              <Text c="dimmed" size="sm">
                {description}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
