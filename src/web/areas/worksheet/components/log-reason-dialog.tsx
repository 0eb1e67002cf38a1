import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toWireDateTime } from '@/domain/lib/dates';
import { logEntryErrors } from '@/domain/orders/order-lifecycle';
import type { TLogEntryInput, TLogType, TReason } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { api } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSession } from '../../users';
import { LoadingStatus } from '../../../components/query-state';

/** Headings of the reason lists (document 2 section 9). */
export const LOG_DIALOG_TITLES: Record<TLogType, string> = {
  MOVED: 'Årsag til flytning',
  STONECHIPMOVED: 'Årsag til flytning af stenslag',
  WINDOWREPLACEMOVED: 'Årsag til flytning af rudeskift',
  CANCELLED: 'Årsag til annullering',
  MAINITEMCHANGED: 'Årsag til ændring af hovedvaren',
  SALE: 'Årsag til mersalg',
};

interface LogReasonDialogProps {
  /** The log type to ask about; null keeps the dialog closed. */
  logType: TLogType | null;
  /** The order as booked before the change (its date and time are the log's original ones); not needed with onConfirm. */
  order?: TOrder;
  onClose: () => void;
  /** The action the log belongs to; it runs once the log is saved. */
  onLogged?: () => void;
  /**
   * Instead of saving the log itself: the checked reason goes to the caller, which sends it with its action in one
   * call (the calendar's move: the server writes the log once the move is saved) and closes the dialog.
   */
  onConfirm?: (reason: { logReason: string; logComment: string }) => void;
  /** The caller's action is under way (with onConfirm). */
  confirming?: boolean;
  /** What the log is about, above the reasons (the calendar: which booking moves where). */
  description?: ReactNode;
}

/**
 * The log-reason dialog (document 2 sections 4, 5 and 7): a reason from GET /api/log/reasons/{logType},
 * 'Andet' needs a comment; POST /api/log/log, 'Log saved', then the action runs.
 */
export function LogReasonDialog({ logType, order, onClose, onLogged, onConfirm, confirming = false, description }: LogReasonDialogProps) {
  const { user } = useSession();
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const reasons = useQuery({
    queryKey: ['log', 'reasons', logType],
    queryFn: ({ signal }) => api.get<TReason[]>(`/api/log/reasons/${encodeURIComponent(logType ?? '')}`, signal),
    enabled: logType !== null,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Api: "getLogReasons" failed' },
  });
  const save = useMutation({
    mutationFn: (entry: TLogEntryInput) => api.post<unknown>('/api/log/log', entry),
    meta: { errorMessage: 'Api: "addLog" failed' },
  });

  const close = () => {
    setReason(null);
    setComment('');
    setErrors({});
    onClose();
  };

  const submit = () => {
    if (!logType) return;
    const found = logEntryErrors(
      { logReason: reason ?? '', logComment: comment },
      (reasons.data ?? []).map((r) => r.text),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (onConfirm) return onConfirm({ logReason: reason ?? '', logComment: comment.trim() });
    if (!order) return;
    const t = order.timeAndPlace;
    const entry: TLogEntryInput = {
      logDate: toWireDateTime(new Date()),
      logComment: comment.trim(),
      logReason: reason ?? '',
      jobType: order.additionalData.orderType,
      logType,
      logUser: user?.initials ?? '',
      navLocationCode: t.department.navLocationCode,
      orderNo: order.additionalData.orderNr,
      orgDate: t.date ?? '',
      orgTime: t.from ?? '',
      regNr: order.car.registrationNumber,
    };
    save.mutate(entry, {
      onSuccess: () => {
        notify.success('Log saved');
        close();
        onLogged?.();
      },
    });
  };

  return (
    <Modal
      opened={logType !== null}
      onClose={close}
      title={logType ? LOG_DIALOG_TITLES[logType] : ''}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
      size="lg"
    >
      <Stack gap="md">
        {description}
        {reasons.isPending ? (
          <LoadingStatus size="sm" label="Henter årsager" />
        ) : (
          <Radio.Group label="Årsag" value={reason} onChange={setReason} error={errors.logReason?.[0]} withAsterisk>
            <Stack gap={6} mt={6}>
              {(reasons.data ?? []).map((r) => (
                <Radio key={r.id} value={r.text} label={r.text} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Textarea
          label="Kommentar"
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          error={errors.logComment?.[0]}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Annuller
          </Button>
          <Button onClick={submit} loading={save.isPending || confirming}>
            Gem log
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
