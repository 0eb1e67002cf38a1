import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { calendarTitle, sameDay, VIEW_LABELS, type TCalendarView } from '../calendar-model';

export interface CalendarToolbarProps {
  date: Date;
  view: TCalendarView;
  onNavigate: (action: 'PREV' | 'NEXT' | 'TODAY') => void;
  onView: (view: TCalendarView) => void;
  /** Today (a test may fix it). */
  today?: Date;
}

const VIEWS: TCalendarView[] = ['day', 'work_week', 'week'];

/**
 * A calendar's header (document 3): previous, 'I dag' (disabled when already today) and next; a title with the
 * date; 'En Dag', '5 dage', 'En Uge'. Steps are a day in day view and a week otherwise.
 */
export function CalendarToolbar({ date, view, onNavigate, onView, today = new Date() }: CalendarToolbarProps) {
  const unit = view === 'day' ? 'dag' : 'uge';
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" mb="xs">
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => onNavigate('PREV')} aria-label={`Forrige ${unit}`}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button variant="default" onClick={() => onNavigate('TODAY')} disabled={sameDay(date, today)}>
          I dag
        </Button>
        <ActionIcon variant="default" size="lg" onClick={() => onNavigate('NEXT')} aria-label={`Næste ${unit}`}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      <Text fw={600} aria-live="polite" style={{ flex: '1 1 auto', textAlign: 'center', whiteSpace: 'nowrap' }}>
        {calendarTitle(date, view)}
      </Text>
      <Button.Group aria-label="Visning">
        {VIEWS.map((v) => (
          <Button key={v} variant={v === view ? 'filled' : 'default'} aria-pressed={v === view} onClick={() => onView(v)} px="sm">
            {VIEW_LABELS[v]}
          </Button>
        ))}
      </Button.Group>
    </Group>
  );
}
