import { Accordion, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/select';
import { DateField } from '../../../components/date-field';
import { IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ORDER_STATUS_LABELS } from '@/domain/orders/order-enums';
import { monthBack } from '@/domain/order-lists';
import { OTHER_REASON } from '@/domain/orders/order-lifecycle.schemas';
import { COMPLAINT_REPORT_STATUSES, COMPLAINT_REPORT_TYPES, REGIONS } from '@/domain/reports/reports';
import type { TComplaintReportFilterInput } from '@/domain/reports/reports.schemas';
import { PageHeader } from '../../../components/page-header';
import { notify } from '../../../lib/notify';
import { useDepartmentNames } from '../../departments';
import { useComplaintReasons, useDownloadComplaintReport, useOperators } from '../api';

const typeOptions = [{ value: '', label: ' ' }, ...Object.entries(COMPLAINT_REPORT_TYPES).map(([value, label]) => ({ value, label }))];
const statusOptions = [
  { value: '', label: 'Alle' },
  ...COMPLAINT_REPORT_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
];
const regionOptions = [{ value: '', label: 'Alle' }, ...Object.entries(REGIONS).map(([value, label]) => ({ value, label }))];

function toggle(list: string[], value: string, on: boolean): string[] {
  return on ? [...list, value] : list.filter((v) => v !== value);
}

/** Collapsible heading with the number chosen. */
function Heading({ label, count }: { label: string; count: number }) {
  return (
    <Group gap="xs">
      <Text fw={500}>{label}</Text>
      {count ? (
        <Badge size="sm" variant="light">
          {count} valgt
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * Reklamation Rapport (/complaints): type, order status, region and dates; one cause code (or 'Andet') at a
 * time, departments by location code and fitters; Download gives 'Reklamation Rapport.csv'.
 */
export function ComplaintReportScreen() {
  const reasons = useComplaintReasons();
  const departments = useDepartmentNames();
  const operators = useOperators();
  const download = useDownloadComplaintReport();
  const [range, setRange] = useState(() => monthBack(new Date()));
  const [complaintType, setComplaintType] = useState('');
  const [status, setStatus] = useState('');
  const [region, setRegion] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const [byOtherIssue, setByOtherIssue] = useState(false);
  const [locations, setLocations] = useState<string[]>([]);
  const [fitters, setFitters] = useState<string[]>([]);

  const causes = useMemo(() => {
    const all = [...(reasons.data?.customer ?? []), ...(reasons.data?.internal ?? [])].map((r) => r.text).filter((t) => t !== OTHER_REASON);
    return [...new Set(all)];
  }, [reasons.data]);
  const locationCodes = useMemo(
    () => [...new Set((departments.data ?? []).map((d) => d.navLocationCode).filter(Boolean))].sort(),
    [departments.data],
  );
  const causeChosen = issue !== null || byOtherIssue;

  const submit = () => {
    const filter: TComplaintReportFilterInput = {
      issues: issue ? [issue] : [],
      operators: fitters,
      departments: locations,
      byOtherIssue,
      complaintType: complaintType || undefined,
      status: status || undefined,
      region: region || undefined,
      fromDate: range.from || undefined,
      toDate: range.to || undefined,
    } as TComplaintReportFilterInput;
    download.mutate(filter, { onSuccess: () => notify.success('Reklamation Rapport er hentet') });
  };

  return (
    <>
      <PageHeader title="Reklamation Rapport" description="Vælg filtre og hent reklamationerne som en CSV-fil til Excel." />
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <Select
              label="Reklamationstype"
              data={typeOptions}
              value={complaintType}
              onChange={(v) => setComplaintType(v ?? '')}
              allowDeselect={false}
            />
            <Select label="Order status" data={statusOptions} value={status} onChange={(v) => setStatus(v ?? '')} allowDeselect={false} />
            <Select label="Region" data={regionOptions} value={region} onChange={(v) => setRegion(v ?? '')} allowDeselect={false} />
            <DateField
              label="Fra dato"
              value={range.from || null}
              clearable
              clearButtonProps={{ 'aria-label': 'Ryd Fra dato' }}
              onChange={(v) => setRange((r) => ({ ...r, from: v ? v.slice(0, 10) : '' }))}
              placeholder="Alle"
            />
            <DateField
              label="Til dato"
              value={range.to || null}
              clearable
              clearButtonProps={{ 'aria-label': 'Ryd Til dato' }}
              onChange={(v) => setRange((r) => ({ ...r, to: v ? v.slice(0, 10) : '' }))}
              placeholder="Alle"
            />
          </SimpleGrid>
        </Paper>
        <Accordion multiple variant="separated" radius="md">
          <Accordion.Item value="causes">
            <Accordion.Control>
              <Heading label="Årsagskoder" count={causeChosen ? 1 : 0} />
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed" mb="xs">
                Vælg én årsagskode ad gangen.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing={6}>
                {causes.map((text) => (
                  <Checkbox
                    key={text}
                    label={text}
                    checked={issue === text}
                    disabled={causeChosen && issue !== text}
                    onChange={(e) => setIssue(e.currentTarget.checked ? text : null)}
                  />
                ))}
                <Checkbox
                  label={OTHER_REASON}
                  checked={byOtherIssue}
                  disabled={causeChosen && !byOtherIssue}
                  onChange={(e) => setByOtherIssue(e.currentTarget.checked)}
                />
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="departments">
            <Accordion.Control>
              <Heading label="Afdeling" count={locations.length} />
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 3, sm: 6, lg: 8 }} spacing={6}>
                {locationCodes.map((code) => (
                  <Checkbox
                    key={code}
                    label={code}
                    checked={locations.includes(code)}
                    onChange={(e) => setLocations((l) => toggle(l, code, e.currentTarget.checked))}
                  />
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
          <Accordion.Item value="fitters">
            <Accordion.Control>
              <Heading label="Montør" count={fitters.length} />
            </Accordion.Control>
            <Accordion.Panel>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing={6}>
                {(operators.data ?? []).map((u) => (
                  <Checkbox
                    key={u.id}
                    label={`${u.name} (${u.initials})`}
                    checked={fitters.includes(u.id)}
                    onChange={(e) => setFitters((f) => toggle(f, u.id, e.currentTarget.checked))}
                  />
                ))}
              </SimpleGrid>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={submit}
            loading={download.isPending}
            disabled={Boolean(range.from && range.to && range.from > range.to)}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </>
  );
}
