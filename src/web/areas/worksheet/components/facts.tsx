import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  value: ReactNode;
  /** Takes the whole row (comments, addresses that run long). */
  wide?: boolean;
}

type Cols = number | Partial<Record<'base' | 'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/**
 * Values shown as readable text, label over value (a definition list): the worksheet's header, and every
 * section of an order that can no longer be changed, instead of disabled light-grey fields.
 */
export function Facts({ facts, cols = { base: 2, md: 3, lg: 4 }, label }: { facts: readonly Fact[]; cols?: Cols; label?: string }) {
  return (
    <SimpleGrid component="dl" cols={cols} spacing="sm" verticalSpacing="sm" m={0} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.label} style={{ minWidth: 0, gridColumn: fact.wide ? '1 / -1' : undefined }}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
            {fact.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {fact.value === '' || fact.value === null || fact.value === undefined ? '–' : fact.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Ja/Nej as the worksheet writes a yes/no value. */
export const yesNo = (value: boolean | null | undefined): string => (value === null || value === undefined ? '' : value ? 'Ja' : 'Nej');
