import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { blockingChange } from '@/domain/offline/device-changes';
import { changeTitle, DEVICE_TEXTS, waitingChangeText } from '@/domain/offline/device-texts';
import { useDeviceStatus, type TChangeSummary } from './device-status';

/** 'Prøv igen' or 'Kassér ændringen' on a refused change (device-queue.ts, loaded by then: the device has started). */
function act(action: 'redo' | 'drop', id: string): Promise<void> {
  return import('./device-queue').then((m) => (action === 'redo' ? m.redoChange(id) : m.dropChange(id)));
}

function Refused({ change }: { change: TChangeSummary }) {
  const [busy, setBusy] = useState<'redo' | 'drop' | null>(null);
  const run = (action: 'redo' | 'drop') => {
    setBusy(action);
    void act(action, change.id).finally(() => setBusy(null));
  };
  const fieldMessages = [...new Set(Object.values(change.refusal?.errors ?? {}).flat())];
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={DEVICE_TEXTS.refusedTitle(changeTitle(change))}
      data-change-state="refused"
    >
      <Stack gap={6}>
        <Text size="sm">{change.refusal?.message}</Text>
        {fieldMessages.length > 0 ? (
          <List size="sm" spacing={2}>
            {fieldMessages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        ) : null}
        <Group gap="xs">
          <Button size="xs" onClick={() => run('redo')} loading={busy === 'redo'} disabled={busy !== null}>
            {DEVICE_TEXTS.redo}
          </Button>
          <Button size="xs" variant="default" color="red" onClick={() => run('drop')} loading={busy === 'drop'} disabled={busy !== null}>
            {DEVICE_TEXTS.drop}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * A job's changes on the device that are not sent yet (issue 38): each waiting one ('Afslutning venter på
 * forbindelse'), and a refused one with the server's reason and 'Prøv igen' / 'Kassér ændringen'. Nothing when the
 * job has none.
 */
export function DeviceJobChanges({ orderId }: { orderId: string }) {
  const { changes } = useDeviceStatus();
  const own = changes.filter((c) => c.orderId === orderId);
  if (own.length === 0) return null;
  const waiting = own.filter((c) => c.state === 'WAITING');
  return (
    <Stack gap="xs" role="region" aria-label="Ændringer på telefonen">
      {own
        .filter((c) => c.state === 'REFUSED')
        .map((change) => (
          <Refused key={change.id} change={change} />
        ))}
      {waiting.length > 0 ? (
        <Alert color="blue" icon={<IconCloudUpload size={18} />} title="Venter på at blive sendt" data-change-state="waiting">
          <List size="sm" spacing={2}>
            {waiting.map((change) => (
              <List.Item key={change.id}>
                {waitingChangeText(change)}
                {blockingChange(own, change) ? ` – ${DEVICE_TEXTS.blocked}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}
