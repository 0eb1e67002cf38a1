import { Paper, Text } from '@mantine/core';
import { PageHeader } from './page-header';

export const PLACEHOLDER_TEXT = 'Denne del af Rudeplan er ikke bygget endnu.';

/** The one stand-in for screens of later issues: the title and an honest sentence, no fake data. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Paper withBorder p="lg" radius="md">
        <Text>{PLACEHOLDER_TEXT}</Text>
      </Paper>
    </>
  );
}
