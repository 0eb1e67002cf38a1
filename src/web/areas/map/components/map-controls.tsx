import { Checkbox, Group, NumberInput, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { dayColour, dayName, formatDay, MAP_LIMITS, MAP_MESSAGES, validRadius, type MapGroup, type TMapGrouping } from '@/domain/map/map';

export interface MapVan {
  id: string;
  name: string;
}

export interface FitterChoice {
  group: MapGroup;
  count: number;
}

interface MapControlsProps {
  today: string;
  /** The seven days offered (today through +6). */
  days: readonly string[];
  selectedDays: readonly string[];
  onDaysChange: (days: string[]) => void;
  grouping: TMapGrouping;
  onGroupingChange: (grouping: TMapGrouping) => void;
  vans: readonly MapVan[];
  selectedVans: readonly string[];
  onVansChange: (vans: string[]) => void;
  /** The Montør tab: the fitters of the shown jobs, each shown unless hidden. */
  fitters: readonly FitterChoice[];
  hiddenFitters: readonly string[];
  onHiddenFittersChange: (hidden: string[]) => void;
  /** Fitters of the chosen vans' workshops with no job on the chosen days. */
  idleFitters: readonly string[];
  radiusKm: number;
  onRadiusChange: (km: number) => void;
  /** Where the circle is drawn: 'værkstedet', or 'adressen' in the custom view. */
  origin: string;
}

/**
 * The map's controls (document 3, Mobile-service map screen): the day checkboxes (today through +4 days in their
 * colours, the rest grey), the radius in whole km, and the tabs Afdeling (the vans, at most 4) and Montør (the
 * fitters, each shown or hidden).
 */
export const MapControls = memo(function MapControls(props: MapControlsProps) {
  const [vanError, setVanError] = useState<string | null>(null);
  const [radiusText, setRadiusText] = useState<string | number>(props.radiusKm);
  const [radiusError, setRadiusError] = useState<string | null>(null);

  const changeVans = (next: string[]) => {
    if (next.length > MAP_LIMITS.maxDepartments) {
      setVanError(MAP_MESSAGES.tooManyDepartments);
      return;
    }
    setVanError(next.length === 0 ? MAP_MESSAGES.noDepartment : null);
    // Kept in the order they were chosen: the first chosen keeps the first colour.
    props.onVansChange([...props.selectedVans.filter((id) => next.includes(id)), ...next.filter((id) => !props.selectedVans.includes(id))]);
  };

  const changeRadius = (value: string | number) => {
    setRadiusText(value);
    const km = validRadius(typeof value === 'number' ? value : Number.NaN);
    setRadiusError(km === null ? MAP_MESSAGES.radius : null);
    if (km !== null) props.onRadiusChange(km);
  };

  return (
    <Stack gap="md">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Checkbox.Group
          label="Dage"
          value={[...props.selectedDays]}
          onChange={(days) => props.onDaysChange(props.days.filter((d) => days.includes(d)))}
          error={props.selectedDays.length === 0 ? MAP_MESSAGES.noDay : undefined}
          style={{ flex: '1 1 520px' }}
        >
          <SimpleGrid cols={{ base: 2, xs: 4, md: 7 }} spacing="xs" verticalSpacing="xs" mt={6}>
            {props.days.map((day) => (
              <Checkbox
                key={day}
                value={day}
                color={dayColour(day, props.today)}
                label={dayName(day, props.today)}
                description={formatDay(day)}
                styles={{ description: { whiteSpace: 'nowrap' } }}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <NumberInput
          label="Radius (km)"
          description={`Cirkel om ${props.origin}, trin på ${MAP_LIMITS.radiusStepKm} km`}
          value={radiusText}
          onChange={changeRadius}
          onBlur={() => {
            if (radiusError) {
              setRadiusText(props.radiusKm);
              setRadiusError(null);
            }
          }}
          error={radiusError}
          min={MAP_LIMITS.minRadiusKm}
          max={MAP_LIMITS.maxRadiusKm}
          step={MAP_LIMITS.radiusStepKm}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={200}
        />
      </Group>

      <Tabs value={props.grouping} onChange={(value) => value && props.onGroupingChange(value as TMapGrouping)} keepMounted={false}>
        <Tabs.List aria-label="Farver og grupper efter">
          <Tabs.Tab value="department">Afdeling</Tabs.Tab>
          <Tabs.Tab value="fitter">Montør</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="department" pt="sm">
          <Checkbox.Group
            label="Mobilservice-afdelinger"
            description={`Højst ${MAP_LIMITS.maxDepartments} ad gangen`}
            value={[...props.selectedVans]}
            onChange={changeVans}
            error={vanError}
          >
            <Group gap="md" mt={6} wrap="wrap">
              {props.vans.map((van) => (
                <Checkbox key={van.id} value={van.id} label={van.name} />
              ))}
            </Group>
          </Checkbox.Group>
        </Tabs.Panel>
        <Tabs.Panel value="fitter" pt="sm">
          {props.fitters.length === 0 ? (
            <Text size="sm" c="dimmed">
              Ingen montører på de viste opgaver.
            </Text>
          ) : (
            <Checkbox.Group
              label="Montører på de viste opgaver"
              value={props.fitters.map((f) => f.group.key).filter((key) => !props.hiddenFitters.includes(key))}
              onChange={(shown) => props.onHiddenFittersChange(props.fitters.map((f) => f.group.key).filter((key) => !shown.includes(key)))}
            >
              <Group gap="md" mt={6} wrap="wrap">
                {props.fitters.map((f) => (
                  <Checkbox key={f.group.key} value={f.group.key} color={f.group.colour} label={`${f.group.name} (${f.count})`} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          {props.idleFitters.length > 0 ? (
            <Text size="sm" c="dimmed" mt="xs">
              Uden opgaver på de valgte dage: {props.idleFitters.join(', ')}
            </Text>
          ) : null}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
});
