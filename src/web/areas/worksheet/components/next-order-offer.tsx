import { Anchor, Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { nextInList, readRememberedList } from '../../../lib/remembered-list';

/**
 * After 'Afslut gennemsyn' (issue 39): the next order of the list the reviewer came from, one tap away ('Næste
 * ordre'), and the way back to that list; nothing opens by itself, so the finished order stays on the screen until
 * the reviewer chooses. Read once when it appears: the list as it was when the reviewer left it.
 */
export function NextOrderOffer({ orderId }: { orderId: string }) {
  const [list] = useState(readRememberedList);
  const [closed, setClosed] = useState(false);
  if (closed || !list) return null;
  const next = nextInList(list, orderId);
  return (
    <Paper
      role="region"
      aria-label="Gennemsyn afsluttet"
      withBorder
      shadow="md"
      radius="md"
      p="sm"
      style={{ position: 'fixed', insetInline: 12, bottom: 12, zIndex: 200, maxWidth: 520, marginInline: 'auto' }}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600}>
            Gennemsyn afsluttet
          </Text>
          <Text size="sm" aria-live="polite">
            {next ? `Næste i listen: ordre ${next.orderNr}` : 'Der er ikke flere ordrer på listens side.'}{' '}
            <Anchor component={Link} to={list.listPath} size="sm">
              Tilbage til listen
            </Anchor>
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {next ? (
            <Button
              component={Link}
              to={next.target}
              rightSection={<IconArrowRight size={16} />}
              aria-label={`Næste ordre ${next.orderNr}`}
            >
              Næste ordre
            </Button>
          ) : null}
          <CloseButton aria-label="Luk" onClick={() => setClosed(true)} />
        </Group>
      </Group>
    </Paper>
  );
}
