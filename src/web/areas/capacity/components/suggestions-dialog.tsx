import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { forecastChangeOf, formatDays } from '@/domain/capacity/capacity';
import type { TCapacityOption, TForecast } from '@/domain/capacity/capacity.schemas';
import { formatDate } from '@/domain/lib/dates';
import { useAddTrainingData, useDeliveryForecast } from '../api';

function Suggestion({ option }: { option: TCapacityOption }) {
  const save = useAddTrainingData();
  const forecast = useDeliveryForecast();
  const [saved, setSaved] = useState(false);
  const [result, setResult] = useState<TForecast | null>(null);
  const showForecast = () =>
    forecast.mutate({ departmentId: option.toDepartmentId, mobileService: false, ...forecastChangeOf(option) }, { onSuccess: setResult });
  const route =
    option.fromDepartmentId === option.toDepartmentId ? option.toDepartment : `${option.fromDepartment} → ${option.toDepartment}`;
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${option.name}: ${route}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>
            {option.name}: {route}
          </Text>
          <Badge variant="light" aria-label={`Score ${option.score}`}>
            Score {option.score}
          </Badge>
        </Group>
        <Text size="sm">{option.reason}</Text>
        <Text size="sm" c="dimmed">
          {option.type === 'WINDOW_TO_STONE_CHIP'
            ? `${option.movedSlots} ledige rudeskift-tider ændres til stenslag`
            : `${option.movedSlots} ledige tider flyttes`}{' '}
          de næste 7 dage
        </Text>
        {result ? (
          <Text size="sm" role="status">
            Prognose for {option.toDepartment}: rudeskift {formatDays(result.replaceDeliveryTime)}, stenslag{' '}
            {formatDays(result.repairDeliveryTime)}
            {result.stoneToReplaceDate ? `; første ledige rudeskift ${formatDate(result.stoneToReplaceDate)}` : ''}
          </Text>
        ) : null}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={showForecast} loading={forecast.isPending}>
            Vis prognose
          </Button>
          <Button
            size="xs"
            onClick={() => save.mutate(option, { onSuccess: () => setSaved(true) })}
            loading={save.isPending}
            disabled={saved}
          >
            {saved ? 'Gemt som træningsdata' : 'Gem som træningsdata'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** 'Se løsningsforslag': a department's suggestions, best first, each with its reason; each can be saved as training data. */
export function SuggestionsDialog({
  department,
  options,
  onClose,
}: {
  department: string | null;
  options: TCapacityOption[];
  onClose: () => void;
}) {
  return (
    <Modal opened={department !== null} onClose={onClose} title={`Løsningsforslag for ${department ?? ''}`} size="lg">
      <Stack gap="sm">
        {options.map((option) => (
          <Suggestion key={option.id} option={option} />
        ))}
      </Stack>
    </Modal>
  );
}
