import { Alert, Checkbox, Loader, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ZERO_GUID } from '@/domain/lib/guid';
import { ORDER_TYPE_LABELS, type TOrderType } from '@/domain/orders/order-enums';
import { canChangeReferenceWorker, canSetWorkerFault, complaintFieldsLocked } from '@/domain/orders/order-lifecycle';
import { COMPLAINT_TYPE_LABELS, OTHER_REASON, type TComplaintType } from '@/domain/orders/order-lifecycle.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { ZComplaint } from '@/domain/orders/order.schemas';
import { useOrderActions } from '../../orders';
import { useComplaintReasons, useFitters } from '../api';
import { Section } from './section';

type TComplaint = NonNullable<TOrder['complaint']>;

interface ComplaintPanelProps {
  order: TOrder;
  roles: readonly string[];
  fieldErrors: Record<string, string[]>;
  disabled: boolean;
}

/**
 * The complaint panel (complaint order types only; document 2 sections 2, 5 and 6): the issue
 * checkboxes exclusive with 'Andet', the original fitter (Complaint and Adminstrator may change it),
 * the worker-fault answer (Complaint only); locked in SERVICE_CALL and FINISHED except for Complaint.
 */
export function ComplaintPanel({ order, roles, fieldErrors, disabled }: ComplaintPanelProps) {
  const actions = useOrderActions();
  const reasons = useComplaintReasons(true);
  const fitters = useFitters();
  const complaint: TComplaint = order.complaint ?? ZComplaint.parse({});
  const internal = order.additionalData.orderType === 'INTERNAL_COMPLAINT';
  const art = internal ? 'INTERNAL' : 'CUSTOMER';
  // The lists end with 'Andet'; the panel has its own 'Andet' with a text, so the list's is left out (unless an old issue has it).
  const list = ((internal ? reasons.data?.internal : reasons.data?.customer) ?? []).filter(
    (reason) => reason.text !== OTHER_REASON || complaint.issues.some((i) => i.issue === OTHER_REASON),
  );
  const locked = disabled || complaintFieldsLocked(order.additionalData.orderStatus, roles);
  const [otherOpen, setOtherOpen] = useState(complaint.otherIssue !== '');
  const setComplaint = (change: Partial<TComplaint>) => actions.update((o) => ({ ...o, complaint: { ...(o.complaint ?? ZComplaint.parse({})), ...change } }));
  const chosen = new Set(complaint.issues.map((i) => i.issue));
  const fitterData = (fitters.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.initials})` }));
  if (complaint.referenceWorker !== ZERO_GUID && !fitterData.some((f) => f.value === complaint.referenceWorker)) {
    fitterData.unshift({ value: complaint.referenceWorker, label: 'Ukendt montør' });
  }
  const issueError = fieldErrors['complaint.issues']?.[0];

  return (
    <Section title="Reklamation" icon={<IconAlertTriangle size={20} />} disabled={locked}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput label="Reklamationstype" value={COMPLAINT_TYPE_LABELS[complaint.complaintType as TComplaintType] ?? complaint.complaintType} readOnly />
          <TextInput
            label="Oprindelig ordretype"
            value={ORDER_TYPE_LABELS[complaint.referenceJobType as TOrderType] ?? complaint.referenceJobType}
            readOnly
          />
          <Select
            label="Oprindelig montør"
            placeholder="Ingen"
            data={fitterData}
            value={complaint.referenceWorker === ZERO_GUID ? null : complaint.referenceWorker}
            onChange={(value) => setComplaint({ referenceWorker: value ?? ZERO_GUID })}
            disabled={locked || !canChangeReferenceWorker(roles)}
            searchable
          />
          {canSetWorkerFault(roles) ? (
            <Select
              label="Montørfejl"
              placeholder="Vælg Ja eller Nej"
              data={[
                { value: 'yes', label: 'Ja' },
                { value: 'no', label: 'Nej' },
              ]}
              value={complaint.workerFault === null ? null : complaint.workerFault ? 'yes' : 'no'}
              onChange={(value) => setComplaint({ workerFault: value === null ? null : value === 'yes' })}
              error={fieldErrors['complaint.workerFault']?.[0]}
              clearable
            />
          ) : null}
        </SimpleGrid>

        <Checkbox.Group
          label={internal ? 'Interne årsager' : 'Kundens årsager'}
          value={[...chosen]}
          onChange={(values) => {
            // An issue and 'Andet' exclude each other: choosing an issue clears the other-issue text.
            if (values.length > 0) setOtherOpen(false);
            setComplaint({ issues: values.map((issue) => ({ issue, art })), otherIssue: values.length > 0 ? '' : complaint.otherIssue });
          }}
          error={issueError}
        >
          {reasons.isPending ? (
            <Loader size="xs" mt="xs" aria-label="Henter årsager" />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6} mt="xs">
              {list.map((reason) => (
                <Checkbox key={reason.id} value={reason.text} label={reason.text} />
              ))}
            </SimpleGrid>
          )}
        </Checkbox.Group>
        <Stack gap={6}>
          <Checkbox
            label="Andet"
            checked={otherOpen}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setOtherOpen(checked);
              setComplaint(checked ? { issues: [] } : { otherIssue: '' });
            }}
          />
          {otherOpen ? (
            <TextInput
              aria-label="Anden årsag"
              placeholder="Beskriv årsagen"
              value={complaint.otherIssue}
              onChange={(event) => setComplaint({ otherIssue: event.currentTarget.value, issues: [] })}
              maxLength={1000}
            />
          ) : null}
        </Stack>
        {complaint.logs.length > 0 ? (
          <Alert color="gray" p="xs" title="Reklamationslog">
            {complaint.logs.map((log, i) => (
              <Text key={i} size="xs">
                {log.date} · {log.by}: {log.log}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
    </Section>
  );
}
