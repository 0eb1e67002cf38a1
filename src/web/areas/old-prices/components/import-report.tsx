import { Alert, Box, List, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { normaliseHeading, oldPriceLabel, type TOldPriceFieldKey } from '@/domain/old-prices/old-price-fields';
import type { TOldPriceImportReport } from '@/domain/old-prices/old-price.schemas';
import { formatCount } from '../format';
import { countText } from '@/domain/lib/plural';

function Figure({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Box>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={700} size="lg" c={color}>
        {formatCount(value)}
      </Text>
    </Box>
  );
}

/** 'Varenr. (Varenummer)': the sheet's heading, with the field it was read as when that is not plain from it. */
function columnName(heading: string, field: TOldPriceFieldKey): string {
  const label = oldPriceLabel(field);
  return normaliseHeading(heading) === normaliseHeading(label) ? heading : `${heading} (${label})`;
}

const rows = (n: number) => countText(n, 'række', 'rækker');

function headline(report: TOldPriceImportReport): { color: string; title: string; text: string } {
  if (report.accepted === 0) {
    return {
      color: 'red',
      title: report.dryRun ? 'Ingen rækker kan indlæses' : 'Ingen rækker blev indlæst',
      text: 'Prislisten er uændret. Ret de afviste rækker i filen, og prøv igen.',
    };
  }
  const change =
    report.mode === 'replace'
      ? `Prislisten ${report.dryRun ? 'bliver' : 'er'} erstattet af filens ${rows(report.accepted)}.`
      : `${rows(report.accepted)} ${report.dryRun ? 'bliver' : 'er'} tilføjet eller opdateret; resten af listen ${report.dryRun ? 'bliver' : 'er'} uændret.`;
  const skipped =
    report.rejectedCount > 0 ? ` ${rows(report.rejectedCount)} ${report.dryRun ? 'springes over' : 'blev sprunget over'}.` : '';
  return report.dryRun
    ? { color: 'blue', title: 'Filen er kontrolleret – intet er ændret endnu', text: `${change}${skipped}` }
    : { color: 'teal', title: 'Prislisten er indlæst', text: `${change}${skipped}` };
}

/** What an import read and did (or, on a trial run, would do), with every rejected row and why. */
export function ImportReport({ report }: { report: TOldPriceImportReport }) {
  const head = headline(report);
  const used = report.columns.filter((column) => column.field !== null);
  const unused = report.columns.filter((column) => column.field === null);
  const verb = (future: string, past: string) => (report.dryRun ? future : past);
  return (
    <Stack gap="md" aria-label="Rapport over indlæsningen" component="section">
      <Alert color={head.color} title={head.title} variant="light">
        {head.text}
      </Alert>
      <SimpleGrid component="dl" m={0} cols={{ base: 3, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Figure label="Rækker i filen" value={report.rowsRead} />
        <Figure label="Gyldige" value={report.accepted} />
        <Figure label="Afvist" value={report.rejectedCount} color={report.rejectedCount > 0 ? 'red.8' : undefined} />
      </SimpleGrid>
      <SimpleGrid component="dl" m={0} cols={{ base: 3, sm: 4 }} spacing="sm" verticalSpacing="xs">
        <Figure label={verb('Tilføjes', 'Tilføjet')} value={report.added} />
        <Figure label={verb('Opdateres', 'Opdateret')} value={report.updated} />
        <Figure label="Uændrede" value={report.unchanged} />
        {report.mode === 'replace' ? (
          <Figure label={verb('Slettes', 'Slettet')} value={report.removed} color={report.removed > 0 ? 'red.8' : undefined} />
        ) : null}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {report.fileName} læst som {report.readAs}; overskrifterne står i række {report.headerRow}.
      </Text>
      <Box>
        <Text size="sm" fw={500}>
          Kolonner, der indlæses ({used.length})
        </Text>
        <Text size="sm">{used.map((column) => columnName(column.heading, column.field!)).join(', ')}</Text>
        {unused.length > 0 ? (
          <Text size="sm" c="orange.9" mt={4}>
            Kolonner, der ikke kendes og springes over: {unused.map((column) => `'${column.heading}'`).join(', ')}
          </Text>
        ) : null}
      </Box>
      {report.rejectedCount > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Afviste rækker
          </Title>
          {report.rejectedCount > report.rejected.length ? (
            <Text size="sm" c="dimmed">
              Viser de første {formatCount(report.rejected.length)} af {countText(report.rejectedCount, 'afvist række', 'afviste rækker')}.
            </Text>
          ) : null}
          <Paper withBorder radius="sm">
            <ScrollArea.Autosize mah={280} type="auto">
              <Table verticalSpacing={4} aria-label="Afviste rækker" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Række</Table.Th>
                    <Table.Th w={120}>Varenummer</Table.Th>
                    <Table.Th>Årsag</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.rejected.map((reject) => (
                    <Table.Tr key={reject.row}>
                      <Table.Td>{reject.row}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{reject.productNumber || '–'}</Table.Td>
                      <Table.Td>
                        {reject.reasons.length === 1 ? (
                          reject.reasons[0]
                        ) : (
                          <List size="sm" spacing={0}>
                            {reject.reasons.map((reason) => (
                              <List.Item key={reason}>{reason}</List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Paper>
        </Stack>
      ) : null}
    </Stack>
  );
}
