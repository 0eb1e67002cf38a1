import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';

interface SectionProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the heading's right. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One titled box of the Departments screen (a region named by its heading). */
export function Section({ title, description, actions, children }: SectionProps) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', alignItems: 'flex-start' }}>
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h4" id={id}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed" mt={2}>
                {description}
              </Text>
            ) : null}
          </div>
          {actions}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
