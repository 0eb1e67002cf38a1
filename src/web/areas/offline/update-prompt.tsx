import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { loadNotifications } from '../../lib/notify';

/** The prompt's notification: one at a time, however often a new version is found. */
const UPDATE_PROMPT_ID = 'new-version';

export const UPDATE_TEXTS = {
  title: 'En ny version af Rudeplan er klar',
  message: 'Siden hentes igen, når du trykker. Gem først det, du er i gang med.',
  button: 'Opdater nu',
};

function UpdateNow({ onUpdate }: { onUpdate: () => void }) {
  const [updating, setUpdating] = useState(false);
  return (
    <Stack gap="xs" mt={4}>
      <Text size="sm">{UPDATE_TEXTS.message}</Text>
      <Group justify="flex-end">
        <Button
          size="xs"
          loading={updating}
          onClick={() => {
            setUpdating(true);
            onUpdate();
          }}
        >
          {UPDATE_TEXTS.button}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Offers the new version that is waiting: a notification that stays until the user taps 'Opdater nu' (which loads
 * the page anew with the new version) or closes it (the new version is then offered again at the next start).
 */
export function showUpdatePrompt(onUpdate: () => void): void {
  loadNotifications().then(
    ({ notifications }) =>
      notifications.show({
        id: UPDATE_PROMPT_ID,
        title: UPDATE_TEXTS.title,
        message: <UpdateNow onUpdate={onUpdate} />,
        color: 'blue',
        autoClose: false,
        withBorder: true,
        withCloseButton: true,
        closeButtonProps: { 'aria-label': 'Luk' },
      }),
    () => undefined,
  );
}
