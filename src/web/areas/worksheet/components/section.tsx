import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps {
  title: string;
  icon?: ReactNode;
  /** Buttons on the right of the title. */
  aside?: ReactNode;
  /** Locks every field and button inside (a native disabled fieldset). */
  disabled?: boolean;
  children: ReactNode;
}

/** One titled section of the worksheet; a region named by its title. */
export function Section({ title, icon, aside, disabled = false, children }: SectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={2} size="h4">
            {title}
          </Title>
        </Group>
        {aside ? <Group gap="xs">{aside}</Group> : null}
      </Group>
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </Paper>
  );
}
