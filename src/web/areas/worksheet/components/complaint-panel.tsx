import { Alert, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
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
import { fitterOptions } from './completion-section';
import { Facts, yesNo } from './facts';
import { fieldDomId } from './field-focus';
import { Section } from './section';
import { LoadingStatus } from '../../../components/query-state';

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
  const setComplaint = (change: Partial<TComplaint>) =>
    actions.update((o) => ({ ...o, complaint: { ...(o.complaint ?? ZComplaint.parse({})), ...change } }));
  const chosen = new Set(complaint.issues.map((i) => i.issue));
  const fitterData = fitterOptions(fitters.data ?? [], order.timeAndPlace.department, [complaint.referenceWorker]);
  const issueError = fieldErrors['complaint.issues']?.[0];
  const complaintLog =
    complaint.logs.length > 0 ? (
      <Alert color="gray" p="xs" title="Reklamationslog">
        {complaint.logs.map((log, i) => (
          <Text key={i} size="xs">
            {log.date} · {log.by}: {log.log}
          </Text>
        ))}
      </Alert>
    ) : null;

  const typeLabel = COMPLAINT_TYPE_LABELS[complaint.complaintType as TComplaintType] ?? complaint.complaintType;
  const jobTypeLabel = ORDER_TYPE_LABELS[complaint.referenceJobType as TOrderType] ?? complaint.referenceJobType;
  const reference = fitters.data?.find((u) => u.id === complaint.referenceWorker);
  const referenceName =
    complaint.referenceWorker === ZERO_GUID ? '' : reference ? `${reference.name} (${reference.initials})` : 'Ukendt montør';

  if (locked) {
    // Fields this user can no longer change: shown as text.
    const issues = complaint.issues.map((i) => i.issue);
    return (
      <Section title="Reklamation" icon={<IconAlertTriangle size={20} />}>
        <Stack gap="md">
          <Facts
            facts={[
              { label: 'Reklamationstype', value: typeLabel },
              { label: 'Oprindelig ordretype', value: jobTypeLabel },
              { label: 'Oprindelig montør', value: referenceName },
              ...(canSetWorkerFault(roles) ? [{ label: 'Montørfejl', value: yesNo(complaint.workerFault) }] : []),
              { label: internal ? 'Interne årsager' : 'Kundens årsager', value: issues.join('\n'), wide: true },
              ...(complaint.otherIssue ? [{ label: 'Anden årsag', value: complaint.otherIssue, wide: true }] : []),
            ]}
          />
          {complaintLog}
        </Stack>
      </Section>
    );
  }

  return (
    <Section title="Reklamation" icon={<IconAlertTriangle size={20} />}>
      <Stack gap="md">
        <Facts
          facts={[
            { label: 'Reklamationstype', value: typeLabel },
            { label: 'Oprindelig ordretype', value: jobTypeLabel },
            ...(canChangeReferenceWorker(roles) ? [] : [{ label: 'Oprindelig montør', value: referenceName }]),
          ]}
        />
        {canChangeReferenceWorker(roles) || canSetWorkerFault(roles) ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {canChangeReferenceWorker(roles) ? (
              <Select
                label="Oprindelig montør"
                placeholder="Ingen"
                data={fitterData}
                value={complaint.referenceWorker === ZERO_GUID ? null : complaint.referenceWorker}
                onChange={(value) => setComplaint({ referenceWorker: value ?? ZERO_GUID })}
                searchable
                maxDropdownHeight={320}
              />
            ) : null}
            {canSetWorkerFault(roles) ? (
              <Select
                id={fieldDomId('complaint.workerFault')}
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
        ) : null}

        <div id={fieldDomId('complaint.issues')}>
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
              <LoadingStatus size="xs" label="Henter årsager" style={{ marginTop: 'var(--mantine-spacing-xs)' }} />
            ) : (
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6} mt="xs">
                {list.map((reason) => (
                  <Checkbox key={reason.id} value={reason.text} label={reason.text} />
                ))}
              </SimpleGrid>
            )}
          </Checkbox.Group>
        </div>
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
        {complaintLog}
      </Stack>
    </Section>
  );
}
