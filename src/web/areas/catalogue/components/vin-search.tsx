import { Badge, Button, Group, Modal, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { TProductGroup } from '@/domain/catalogue/catalogue.schemas';
import { AUTO_VALID_ORDER_TYPES, ZProductGroup, ZVin } from '@/domain/catalogue/catalogue.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderType } from '@/domain/orders/order-enums';
import { notify } from '../../../lib/notify';
import { createAutoValidTicket, getAutoValidUpdate } from '../api';

interface VinSearchButtonProps {
  initialVin: string;
  onSearch: (vin: string) => void;
}

/** 'VIN opslag' (role VINSearch): the products of a VIN. */
export function VinSearchButton({ initialVin, onSearch }: VinSearchButtonProps) {
  const [opened, setOpened] = useState(false);
  const [vin, setVin] = useState(initialVin);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZVin.safeParse(vin);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Ugyldigt stelnummer');
      return;
    }
    onSearch(parsed.data);
    setOpened(false);
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconScan size={16} />}
        onClick={() => {
          setVin(initialVin);
          setError(null);
          setOpened(true);
        }}
      >
        VIN opslag
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} closeButtonProps={{ 'aria-label': 'Luk dialogen' }} title="VIN opslag">
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label="Stelnummer (VIN)"
              value={vin}
              onChange={(event) => {
                setVin(event.currentTarget.value.toUpperCase());
                setError(null);
              }}
              error={error}
              maxLength={17}
              data-autofocus
              autoComplete="off"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Annuller
              </Button>
              <Button type="submit">Søg</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** The ticket's states (document 1 section 4) with the words the screen shows. */
export const AUTO_VALID_LABELS = {
  STARTED: 'Auto Valid: opslag startet',
  NOTREADY: 'Auto Valid: venter på svar',
  ENDED: 'Auto Valid: svar modtaget',
} as const;

export const AUTO_VALID_POLL_MS = 5000;
/** The result display is cleared this long after the answer came. */
export const AUTO_VALID_CLEAR_MS = 5000;

type AutoValidStatus = 'STARTED' | 'NOTREADY' | 'ENDED';

interface AutoValidState {
  /** The car the look-up belongs to; another car clears it. */
  carKey: string;
  status: AutoValidStatus;
  ticketId: string;
}

export function isAutoValidType(orderType: string): orderType is (typeof AUTO_VALID_ORDER_TYPES)[number] {
  return (AUTO_VALID_ORDER_TYPES as readonly string[]).includes(orderType);
}

interface AutoValidButtonProps {
  carKey: string;
  regOrVin: string;
  orderType: TOrderType;
  /** The answer: product groups and, when the look-up found it, the VIN. */
  onResult: (groups: TProductGroup[], vin: string | null) => void;
}

/**
 * 'Auto Valid VIN opslag' (role AutovalidVINSearch; REPLACE_FRONT, REPLACE_REAR, REPLACE_ROOF):
 * a ticket is created (STARTED), polled every 5 s (NOTREADY while the server has no answer)
 * until the products arrive (ENDED); the status is cleared 5 s later, and when the car changes.
 */
export function AutoValidButton({ carKey, regOrVin, orderType, onResult }: AutoValidButtonProps) {
  const [state, setState] = useState<AutoValidState | null>(null);
  const [starting, setStarting] = useState(false);
  const current = state && state.carKey === carKey ? state : null;
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  const ticketId = current?.ticketId;
  const status = current?.status;
  const polling = status === 'STARTED' || status === 'NOTREADY';

  useEffect(() => {
    if (!polling || !ticketId) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      getAutoValidUpdate(ticketId, orderType, controller.signal)
        .then((update) => {
          // A string ('NOTREADY') means the server has no answer yet.
          if (typeof update === 'string') {
            setState((s) => (s && s.ticketId === ticketId ? { ...s, status: 'NOTREADY' } : s));
            return;
          }
          setState((s) => (s && s.ticketId === ticketId ? { ...s, status: 'ENDED' } : s));
          const group = ZProductGroup.parse({ id: ZERO_GUID, name: 'Auto Valid', checked: true, items: update.products });
          onResultRef.current([group], update.vin || null);
        })
        .catch(() => undefined);
    }, AUTO_VALID_POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [polling, ticketId, orderType]);

  useEffect(() => {
    if (status !== 'ENDED' || !ticketId) return;
    const timer = window.setTimeout(() => setState((s) => (s && s.ticketId === ticketId ? null : s)), AUTO_VALID_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [status, ticketId]);

  const start = () => {
    setStarting(true);
    createAutoValidTicket(regOrVin, orderType)
      .then((ticket) => {
        setState({ carKey, status: 'STARTED', ticketId: ticket.ticketId });
        if (ticket.productGroups.length > 0) onResultRef.current(ticket.productGroups, null);
      })
      .catch(() => notify.error(`Api: "updateVINSearchList" failed with input ${regOrVin}`))
      .finally(() => setStarting(false));
  };

  return (
    <Group gap="xs" wrap="wrap">
      <Tooltip label="Bilen skal have et registrerings- eller stelnummer" disabled={Boolean(regOrVin)}>
        <Button variant="default" leftSection={<IconScan size={16} />} onClick={start} loading={starting} disabled={!regOrVin || polling}>
          Auto Valid VIN opslag
        </Button>
      </Tooltip>
      {status ? (
        <Badge variant="light" color={status === 'ENDED' ? 'teal' : 'blue'} radius="sm" tt="none" role="status">
          {AUTO_VALID_LABELS[status]}
        </Badge>
      ) : null}
    </Group>
  );
}
