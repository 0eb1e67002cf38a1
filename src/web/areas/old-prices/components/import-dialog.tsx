import { Accordion, Alert, Button, FileInput, Group, Modal, Radio, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { OLD_PRICE_FIELDS } from '@/domain/old-prices/old-price-fields';
import {
  OLD_PRICE_IMPORT_MAX_BYTES,
  OLD_PRICE_IMPORT_MAX_ROWS,
  OLD_PRICE_IMPORT_MODE_LABELS,
  OLD_PRICE_IMPORT_MODES,
  OLD_PRICE_MESSAGES,
  type TOldPriceImportMode,
  type TOldPriceImportReport,
} from '@/domain/old-prices/old-price.schemas';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useImportOldPrices } from '../api';
import { formatCount } from '../format';
import { ImportReport } from './import-report';
import { countText } from '@/domain/lib/plural';

const MODE_HELP: Record<TOldPriceImportMode, string> = {
  upsert: 'Nye varenumre tilføjes, og kendte varenumre opdateres i de kolonner, filen har. Resten af listen bliver stående.',
  replace: 'Listen bliver præcis filens gyldige rækker: varenumre, der ikke står i filen, slettes, og tomme kolonner bliver tomme.',
};

/** What the browser can tell before uploading: the kind of file and its size (the server checks again). */
export function checkFileLocally(file: File): string | null {
  if (!/\.(csv|txt|xlsx)$/i.test(file.name))
    return /\.xls$/i.test(file.name) ? OLD_PRICE_MESSAGES.fileOldExcel : OLD_PRICE_MESSAGES.fileKind;
  if (file.size > OLD_PRICE_IMPORT_MAX_BYTES) return OLD_PRICE_MESSAGES.fileTooLarge;
  if (file.size === 0) return OLD_PRICE_MESSAGES.fileEmpty;
  return null;
}

function errorText(error: unknown): string {
  if (!isApiError(error)) return 'Filen kunne ikke sendes';
  return error.errors?.file?.[0] ?? error.errors?.mode?.[0] ?? error.message;
}

const fileKey = (file: File, mode: TOldPriceImportMode) => `${file.name}:${file.size}:${file.lastModified}:${mode}`;

/**
 * 'Indlæs prisliste' (Adminstrator): choose a CSV or XLSX file and how to load it, check it (a trial run on the
 * server that changes nothing), read the report, then load it.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const isPhone = useIsPhone();
  const importer = useImportOldPrices();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<TOldPriceImportMode>('upsert');
  const [report, setReport] = useState<TOldPriceImportReport | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setReport(null);
    setChecked(null);
    setError(null);
  };

  const send = (dryRun: boolean) => {
    if (!file) {
      setError(OLD_PRICE_MESSAGES.fileMissing);
      return;
    }
    const local = checkFileLocally(file);
    if (local) {
      setError(local);
      return;
    }
    setError(null);
    importer.mutate(
      { file, mode, dryRun },
      {
        onSuccess: (result) => {
          setReport(result);
          setChecked(result.dryRun ? fileKey(file, mode) : null);
          if (!result.dryRun && result.accepted > 0) notify.success('Prislisten er indlæst');
        },
        onError: (failure) => {
          setReport(null);
          setChecked(null);
          setError(errorText(failure));
        },
      },
    );
  };

  const ready = file !== null && checked === fileKey(file, mode) && report !== null && report.accepted > 0;
  const done = report !== null && !report.dryRun;
  const importLabel =
    report && report.accepted > 0
      ? mode === 'replace'
        ? `Erstat listen med ${countText(report.accepted, 'række', 'rækker')}`
        : `Indlæs ${countText(report.accepted, 'række', 'rækker')}`
      : 'Indlæs';

  return (
    <Modal
      opened
      onClose={onClose}
      title="Indlæs prisliste"
      size="xl"
      fullScreen={isPhone}
      closeButtonProps={{ 'aria-label': 'Luk indlæsningen' }}
    >
      <Stack gap="md">
        <FileInput
          label="Fil"
          description={`CSV (;-, komma- eller tabulatorsepareret, UTF-8 eller Windows-1252) eller Excel (.xlsx). Højst ${OLD_PRICE_IMPORT_MAX_BYTES / 1024 / 1024} MB og ${formatCount(OLD_PRICE_IMPORT_MAX_ROWS)} rækker.`}
          placeholder="Vælg en fil"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileSpreadsheet size={16} />}
          value={file}
          onChange={(next) => {
            setFile(next);
            reset();
          }}
          error={error}
          clearable
          clearButtonProps={{ 'aria-label': 'Fjern filen' }}
          withAsterisk
          disabled={importer.isPending}
        />
        <Radio.Group
          label="Sådan indlæses filen"
          value={mode}
          onChange={(value) => {
            setMode(value as TOldPriceImportMode);
            reset();
          }}
        >
          <Stack gap="xs" mt={6}>
            {OLD_PRICE_IMPORT_MODES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={OLD_PRICE_IMPORT_MODE_LABELS[value]}
                description={MODE_HELP[value]}
                disabled={importer.isPending}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Accordion variant="contained" chevronPosition="left">
          <Accordion.Item value="columns">
            <Accordion.Control>Hvilke kolonner kan filen have?</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Text size="sm">
                  Overskrifterne skal stå i én række blandt de første 10; store og små bogstaver er lige gyldige. Varenummer skal være med.
                  Kolonner med andre overskrifter springes over. Beløb er kroner ekskl. moms (fx 1.234,50); tid er timer (fx 1,5).
                </Text>
                <Table.ScrollContainer minWidth={420}>
                  <Table verticalSpacing={2} aria-label="Kolonneoverskrifter">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Felt</Table.Th>
                        <Table.Th>Overskrifter, der læses</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {OLD_PRICE_FIELDS.map((field) => (
                        <Table.Tr key={field.key}>
                          <Table.Td>{field.label}</Table.Td>
                          <Table.Td>
                            <Text size="sm" c="dimmed">
                              {[...new Set([field.label, ...field.headings, field.key])].join(', ')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>

        {report ? <ImportReport report={report} /> : null}
        {mode === 'replace' && ready ? (
          <Alert color="orange" variant="light" title="Hele listen erstattes">
            {countText(report.removed, 'række', 'rækker')}, der ikke står i filen, bliver slettet.
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {done ? 'Luk' : 'Annuller'}
          </Button>
          {done ? null : (
            <>
              <Button
                variant={ready ? 'default' : 'filled'}
                onClick={() => send(true)}
                loading={importer.isPending && importer.variables?.dryRun === true}
              >
                Kontrollér filen
              </Button>
              <Button
                color={mode === 'replace' ? 'red' : undefined}
                disabled={!ready}
                onClick={() => send(false)}
                loading={importer.isPending && importer.variables?.dryRun === false}
              >
                {importLabel}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
