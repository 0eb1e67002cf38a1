import { Alert, Button, Group, Menu, Modal, Stack } from '@mantine/core';
import { Select } from '../../../components/select';
import { DateField } from '../../../components/date-field';
import { IconChevronDown, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { monthBack } from '@/domain/order-lists';
import { REPORT_MESSAGES, REPORTS, reportUrl, type TReportKind } from '@/domain/reports/reports';
import { useReviewers, useReviewInsurers } from '../api';

/** Starts a browser download of a link (the server streams the file). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function ReportDialog({ kind, onClose }: { kind: TReportKind; onClose: () => void }) {
  const review = kind === 'REVIEW_LOG';
  const [range, setRange] = useState(() => monthBack(new Date()));
  const [insurer, setInsurer] = useState('');
  const [reviewer, setReviewer] = useState('');
  const insurers = useReviewInsurers(review);
  const reviewers = useReviewers(review);
  const problem = !range.from || !range.to ? REPORT_MESSAGES.dates : range.from > range.to ? REPORT_MESSAGES.order : null;
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Download ${REPORTS[kind].label.toLowerCase()}`}
      closeButtonProps={{ 'aria-label': 'Luk dialogen' }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <DateField
            label="Fra dato"
            value={range.from || null}
            onChange={(v) => setRange((r) => ({ ...r, from: v ? v.slice(0, 10) : '' }))}
          />
          <DateField label="Til dato" value={range.to || null} onChange={(v) => setRange((r) => ({ ...r, to: v ? v.slice(0, 10) : '' }))} />
        </Group>
        {review ? (
          <>
            <Select
              label="Forsikringsselskab"
              data={[
                { value: '', label: 'Alle forsikringsselskaber' },
                ...(insurers.data ?? []).map((i) => ({ value: i.name, label: i.name })),
              ]}
              value={insurer}
              onChange={(v) => setInsurer(v ?? '')}
              allowDeselect={false}
            />
            <Select
              label="Gennemser"
              data={[
                { value: '', label: 'Alle gennemsere' },
                ...(reviewers.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.initials})` })),
              ]}
              value={reviewer}
              onChange={(v) => setReviewer(v ?? '')}
              allowDeselect={false}
            />
          </>
        ) : null}
        {problem ? <Alert color="yellow">{problem}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuller
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={problem !== null}
            onClick={() => {
              download(reportUrl(kind, range, { insurer, reviewer }));
              onClose();
            }}
          >
            Download
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Rapporter': download dialogs for logs, order report and feedback, and on Gennemsyn the review log. */
export function ReportDownloads({ review }: { review: boolean }) {
  const [open, setOpen] = useState<TReportKind | null>(null);
  const kinds: TReportKind[] = review ? ['REVIEW_LOG', 'LOGS', 'ORDERS', 'FEEDBACK'] : ['LOGS', 'ORDERS', 'FEEDBACK'];
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />}>
            Rapporter
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {kinds.map((kind) => (
            <Menu.Item key={kind} onClick={() => setOpen(kind)}>
              {REPORTS[kind].label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {open ? <ReportDialog kind={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
