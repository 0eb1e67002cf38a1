import { Button, Grid, Group, Stack, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { formatDkk } from '@/domain/lib/money';
import { orderTotals } from '@/domain/orders/order-pricing';
import type { TOrder } from '@/domain/orders/order.schemas';

const COMMENT_MAX = 4000;

export interface QuickText {
  label: string;
  text: (order: TOrder) => string;
}

/** Quick texts for the comments (document 1 section 9), in plain Danish. */
export const EXTERNAL_QUICK_TEXTS: readonly QuickText[] = [
  { label: 'Montør ringer', text: () => 'Montøren ringer ca. 30 minutter før ankomst.' },
  { label: 'Viskerblade', text: () => 'Nye viskerblade betales direkte til montøren på dagen.' },
  { label: 'Aftalt pris', text: (o) => `Aftalt pris: ${formatDkk(orderTotals(o).totalInclOre)} inkl. moms.` },
];

export const INTERNAL_QUICK_TEXTS: readonly QuickText[] = [
  { label: 'Aftalt totalpris', text: (o) => `Aftalt totalpris med kunden: ${formatDkk(orderTotals(o).totalInclOre)} inkl. moms.` },
  { label: 'Ring når bilen er klar', text: () => 'Ring til kunden, når bilen er klar.' },
  { label: 'Parkeret før åbning', text: () => 'Bilen bliver parkeret på pladsen før åbningstid.' },
];

function appendLine(existing: string, line: string): string {
  const joined = existing.trim() ? `${existing.replace(/\s+$/, '')}\n${line}` : line;
  return joined.slice(0, COMMENT_MAX);
}

export interface CommentBoxProps {
  label: string;
  value: string;
  quickTexts: readonly QuickText[];
  order: TOrder;
  onChange: (value: string) => void;
  disabled?: boolean;
  error?: string;
  /** The text box's id (a link that leads to it). */
  id?: string;
}

export function CommentBox({ label, value, quickTexts, order, onChange, disabled, error, id }: CommentBoxProps) {
  return (
    <Stack gap={6}>
      <Textarea
        id={id}
        label={label}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={COMMENT_MAX}
        disabled={disabled}
        error={error}
      />
      <Group gap={6} role="group" aria-label={`Hurtigtekster til ${label.toLowerCase()}`}>
        {quickTexts.map((quick) => (
          <Button
            key={quick.label}
            size="compact-xs"
            variant="light"
            color="gray"
            leftSection={<IconPlus size={12} />}
            disabled={disabled}
            onClick={() => onChange(appendLine(value, quick.text(order)))}
          >
            {quick.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

export interface OrderCommentsProps {
  order: TOrder;
  onChange: (change: (data: TOrder['additionalData']) => TOrder['additionalData']) => void;
  disabled?: boolean;
  internalError?: string;
  /** The internal comment's id (the worksheet's finish list leads to it). */
  internalId?: string;
}

/** The order's external and internal comments side by side, each with its quick texts (confirm step, worksheet). */
export function OrderComments({ order, onChange, disabled, internalError, internalId }: OrderCommentsProps) {
  const ad = order.additionalData;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <CommentBox
          label="Ekstern kommentar"
          value={ad.externalOrderComment}
          quickTexts={EXTERNAL_QUICK_TEXTS}
          order={order}
          disabled={disabled}
          onChange={(externalOrderComment) => onChange((d) => ({ ...d, externalOrderComment }))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <CommentBox
          label="Intern kommentar"
          value={ad.internalOrderComment}
          quickTexts={INTERNAL_QUICK_TEXTS}
          order={order}
          disabled={disabled}
          error={internalError}
          id={internalId}
          onChange={(internalOrderComment) => onChange((d) => ({ ...d, internalOrderComment }))}
        />
      </Grid.Col>
    </Grid>
  );
}
