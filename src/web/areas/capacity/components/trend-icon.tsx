import { IconArrowDown, IconArrowDownRight, IconArrowRight, IconArrowUp, IconArrowUpRight } from '@tabler/icons-react';
import { trendLevelOf, type TTrendLevel } from '@/domain/capacity/capacity';

const TRENDS: Record<TTrendLevel, { label: string; color: string; Icon: typeof IconArrowUp }> = {
  STRONG_DOWN: { label: 'Kraftigt under', color: 'var(--mantine-color-teal-8)', Icon: IconArrowDown },
  MILD_DOWN: { label: 'Lidt under', color: 'var(--mantine-color-teal-7)', Icon: IconArrowDownRight },
  FLAT: { label: 'På niveau', color: 'var(--mantine-color-gray-7)', Icon: IconArrowRight },
  MILD_UP: { label: 'Lidt over', color: 'var(--mantine-color-orange-8)', Icon: IconArrowUpRight },
  STRONG_UP: { label: 'Kraftigt over', color: 'var(--mantine-color-red-8)', Icon: IconArrowUp },
};

/**
 * A trend arrow: the delivery time against its region's average (document 3 section 9 thresholds), named for a
 * screen reader with the percentage.
 */
export function TrendIcon({ value }: { value: number }) {
  const level = trendLevelOf(value);
  const { label, color, Icon } = TRENDS[level];
  const text = `${label} regionens gennemsnit (${value > 0 ? '+' : ''}${value} %)`;
  return (
    <span role="img" aria-label={text} title={text} data-trend={level} style={{ color, display: 'inline-flex' }}>
      <Icon size={20} stroke={2.2} aria-hidden />
    </span>
  );
}
