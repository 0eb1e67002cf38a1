import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';

export const APP_NAME = 'Rudeplan';

/** The browser tab's text for a screen: '<title> – Rudeplan', so several open tabs can be told apart. */
export function pageTitle(title: string): string {
  const trimmed = title.trim();
  return trimmed ? `${trimmed} – ${APP_NAME}` : APP_NAME;
}

/**
 * Names the browser tab after the screen while it is shown. On leaving, the tab falls back to 'Rudeplan'
 * (React runs this clean-up before the next screen's effect), so a screen still loading never shows the last one's name.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = pageTitle(title);
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (below the title on a phone). */
  actions?: ReactNode;
}

/** A screen's heading (its one h1), which also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="lg" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
