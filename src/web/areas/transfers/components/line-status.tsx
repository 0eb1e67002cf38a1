import { Badge, Button, ThemeIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconCircleCheckFilled, IconClockHour4, IconPackageExport, IconPackageImport } from '@tabler/icons-react';
import { TRANSFER_MESSAGES, type TTransferLine } from '@/domain/transfers/transfer.schemas';
import { lineName, lineState, sideLabel } from '../transfer-view';

type Line = Pick<TTransferLine, 'order_No' | 'line_No' | 'is_Receipt' | 'qty_in_Transit' | 'qty_Shipped' | 'qty_Received'>;

/** The green check 'Overflytnings ordre er registreret': this side's confirmation is in the database (in_DB). */
export function RegisteredCheck({ line }: { line: Pick<TTransferLine, 'in_DB'> }) {
  if (!line.in_DB) return null;
  return (
    <Tooltip label={TRANSFER_MESSAGES.registered} withArrow>
      <ThemeIcon
        component="span"
        variant="transparent"
        color="green"
        size="sm"
        role="img"
        aria-label={TRANSFER_MESSAGES.registered}
        tabIndex={0}
      >
        <IconCircleCheckFilled size={18} />
      </ThemeIcon>
    </Tooltip>
  );
}

/** 'Afsend' or 'Modtag', as a small badge. */
export function SideBadge({ line }: { line: Pick<TTransferLine, 'is_Receipt'> }) {
  const label = sideLabel(line);
  return (
    <Badge
      variant="light"
      color={line.is_Receipt ? 'blue' : 'orange'}
      radius="sm"
      tt="none"
      leftSection={line.is_Receipt ? <IconPackageImport size={12} /> : <IconPackageExport size={12} />}
    >
      {label}
    </Badge>
  );
}

interface HandleButtonProps {
  line: Line;
  onHandle: () => void;
  /** Fill the cell (phones, the detail popup). */
  fullWidth?: boolean;
}

/**
 * The handle button: 'Afsend'/'Modtag' while something is open; done ('Afsendt'/'Modtaget') when received (or
 * shipped) equals the quantity in transit; 'Afventer afsendelse' for a line to receive that is not shipped yet.
 */
export function HandleButton({ line, onHandle, fullWidth }: HandleButtonProps) {
  const state = lineState(line);
  const name = lineName(line);
  if (state === 'done') {
    const done = line.is_Receipt ? 'Modtaget' : 'Afsendt';
    return (
      <Button
        size="xs"
        variant="light"
        color="green"
        leftSection={<IconCheck size={14} />}
        disabled
        fullWidth={fullWidth}
        aria-label={`${done} ${name}`}
      >
        {done}
      </Button>
    );
  }
  if (state === 'waiting') {
    return (
      <Button
        size="xs"
        variant="default"
        leftSection={<IconClockHour4 size={14} />}
        disabled
        fullWidth={fullWidth}
        aria-label={`Afventer afsendelse ${name}`}
      >
        Afventer afsendelse
      </Button>
    );
  }
  const verb = sideLabel(line);
  return (
    <Button size="xs" onClick={onHandle} aria-haspopup="dialog" fullWidth={fullWidth} aria-label={`${verb} ${name}`}>
      {verb}
    </Button>
  );
}
