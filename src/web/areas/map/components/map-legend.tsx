import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { dayColour, dayName, dayOffset, formatDay, MAP_LIMITS, OTHER_DAY_COLOUR, type MapGroup, type TMapGrouping } from '@/domain/map/map';
import { RADIUS_COLOUR } from './job-badge';

interface MapLegendProps {
  today: string;
  /** The days offered (today through +6). */
  days: readonly string[];
  grouping: TMapGrouping;
  /** The groups with jobs shown, with how many. */
  groups: readonly { group: MapGroup; count: number }[];
  radiusKm: number;
  /** The custom view: the circle is drawn round its address. */
  customAddress: string | null;
}

/** Forklaring: what the marks' fill, ring and symbols mean, beside the map (so it is there without tiles too). */
export const MapLegend = memo(function MapLegend({ today, days, grouping, groups, radiusKm, customAddress }: MapLegendProps) {
  const coloured = days.filter((d) => dayOffset(d, today) < MAP_LIMITS.colouredDays);
  const later = days.length > coloured.length;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="map-legend-title">
      <Title order={2} fz="md" id="map-legend-title" mb={6}>
        Forklaring
      </Title>
      <Stack gap={8}>
        <Text size="sm">
          Hver opgave er en rund mærkat med sit nummer, fyldt i {grouping === 'department' ? 'afdelingens' : 'montørens'} farve og med en
          ring i dagens farve.
        </Text>
        <Items label="Dagenes farver">
          {coloured.map((day) => (
            <Item key={day} symbol={<Circle ring={dayColour(day, today)} />}>
              {dayName(day, today)}{' '}
              <Text span size="xs" c="dimmed">
                {formatDay(day)}
              </Text>
            </Item>
          ))}
          {later ? <Item symbol={<Circle ring={OTHER_DAY_COLOUR} />}>Senere dage</Item> : null}
        </Items>
        {groups.length > 0 ? (
          <Items label={grouping === 'department' ? 'Afdelingernes farver' : 'Montørernes farver'}>
            {groups.map(({ group, count }) => (
              <Item key={group.key} symbol={<Circle fill={group.colour} />}>
                {group.name} ({count})
              </Item>
            ))}
          </Items>
        ) : null}
        <Items label="Symboler">
          <Item symbol={<Circle ring={RADIUS_COLOUR} dashed />}>
            Radius {radiusKm} km om {customAddress ? 'adressen' : 'værkstedet'}
          </Item>
          <Item
            symbol={
              <Box w={14} h={14} bg="#212529" style={{ borderRadius: 3, border: '2px solid #ffffff', outline: '1px solid #212529' }} />
            }
          >
            Værksted
          </Item>
          {customAddress ? (
            <Item
              symbol={
                <Box
                  w={13}
                  h={13}
                  bg="#000000"
                  style={{ transform: 'rotate(45deg)', border: '2px solid #ffffff', outline: '1px solid #000000' }}
                />
              }
            >
              Valgt adresse
            </Item>
          ) : null}
        </Items>
      </Stack>
    </Paper>
  );
});

function Items({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="ul" aria-label={label} gap="xs" wrap="wrap" m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Group>
  );
}

function Item({ symbol, children }: { symbol: ReactNode; children: ReactNode }) {
  return (
    <Group component="li" gap={6} wrap="nowrap">
      <Box aria-hidden style={{ flex: 'none', display: 'inline-flex' }}>
        {symbol}
      </Box>
      <Text size="sm" span>
        {children}
      </Text>
    </Group>
  );
}

function Circle({ fill = '#ffffff', ring, dashed = false }: { fill?: string; ring?: string; dashed?: boolean }) {
  return (
    <Box
      w={14}
      h={14}
      style={{ borderRadius: '50%', background: fill, border: ring ? `3px ${dashed ? 'dashed' : 'solid'} ${ring}` : undefined }}
    />
  );
}
