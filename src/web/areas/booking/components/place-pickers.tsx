import { Alert, Box, Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { TNearestDepartment } from '@/domain/booking/booking.schemas';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { formatDate } from '@/domain/lib/dates';
import { bookingZipCode } from '@/domain/orders/order-booking-place';
import { isAutomaticLine } from '@/domain/orders/order-items';
import type { TDepartmentRef, TOrder } from '@/domain/orders/order.schemas';
import { validateTimeAndPlace } from '@/domain/orders/order-validation';
import { Autocomplete } from '../../../components/select';
import { LoadingStatus } from '../../../components/query-state';
import { fetchZipCity, useAddressSuggestions, useNearestMobile } from '../api';

// The booking's place pickers: the mobile-service search and address, and the nearest workshops (the booking step
// and the worksheet's 'Tid og sted' draw them for their order).

/**
 * The lines the nearest vans and workshops are asked for: the job's own, without the lines the place and time add
 * themselves (UD, BIL001, a van's zone line). Choosing a van or a slot so keeps the question, and its answer stays
 * drawn: asked again, the van list and the nearest workshops vanished and came back, and the page shrank under the
 * user, who lost the chosen van, its focus and their place on a phone. (The server reads only calibration from them.)
 */
export const jobItemNos = (order: TOrder) => order.items.filter((i) => !isAutomaticLine(i)).map((i) => i.itemNo);

/**
 * The mobile-service search: a 4-digit zip code (at first the booking's: the van's address, or the customer's) finds
 * the nearest mobile departments that can take the car; the van chosen is booked for that zip code.
 */
export function MobileServiceSearch({
  order,
  onChoose,
  error,
}: {
  order: TOrder;
  onChoose: (department: TDepartmentRef, zipCode: string) => void;
  error?: string;
}) {
  const [zip, setZip] = useState(() => bookingZipCode(order));
  const [city, setCity] = useState<{ zip: string; city: string } | null>(null);
  const complete = /^\d{4}$/.test(zip.trim()) ? zip.trim() : null;
  const nearest = useNearestMobile(
    complete
      ? {
          carMake: order.car.make,
          carModel: order.car.model,
          orderType: order.additionalData.orderType,
          items: jobItemNos(order),
          zipCode: complete,
        }
      : null,
  );
  const answer = nearest.data;
  const message = answer && !Array.isArray(answer) ? answer.message : null;
  const results: TNearestDepartment[] = Array.isArray(answer) ? answer : [];
  const chosenId = order.timeAndPlace.department.id;

  return (
    <Stack gap="sm">
      <TextInput
        label="Postnummer"
        description={city && city.zip === complete ? city.city : 'Find mobilservice ud fra kundens postnummer'}
        value={zip}
        maxLength={4}
        inputMode="numeric"
        w={{ base: '100%', xs: 220 }}
        error={error}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setZip(value);
          if (/^\d{4}$/.test(value)) {
            void fetchZipCity(value).then((found) => {
              if (found) setCity({ zip: value, city: found });
            });
          }
        }}
        autoComplete="postal-code"
      />
      {complete && nearest.isPending ? <LoadingStatus size="sm" label="Søger mobilservice" /> : null}
      {message ? (
        <Alert color="yellow" p="xs">
          {message}
        </Alert>
      ) : null}
      {results.length > 0 ? (
        <Radio.Group
          label="Mobilservice"
          value={results.some((r) => r.department.id === chosenId) ? chosenId : null}
          onChange={(id) => {
            const found = results.find((r) => r.department.id === id);
            if (found && complete) onChoose(found.department, complete);
          }}
        >
          <Stack gap="xs" mt={6}>
            {results.map((r) => (
              <Radio.Card key={r.department.id} value={r.department.id} radius="md" p="sm" withBorder>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <Box style={{ minWidth: 0 }}>
                    <Text fw={600} size="sm">
                      {r.department.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        r.distanceKm !== null ? `${Math.round(r.distanceKm)} km væk` : '',
                        r.firstFreeDate ? `Første ledige tid ${formatDate(r.firstFreeDate)}` : 'Ingen ledige tider de næste to måneder',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Box>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
    </Stack>
  );
}

export function MobileAddress({
  order,
  onChange,
  serverError,
}: {
  order: TOrder;
  onChange: (address: string) => void;
  serverError?: string;
}) {
  const address = order.timeAndPlace.mobileServiceLocation.address;
  const [debounced] = useDebouncedValue(address, 300);
  const suggestions = useAddressSuggestions(debounced);
  const errors = validateTimeAndPlace(order.timeAndPlace);
  const [touched, setTouched] = useState(false);
  return (
    <Autocomplete
      onBlur={() => setTouched(true)}
      label="Adresse for mobilservice"
      // When the address service gives no answer, the user types the address (issue 42).
      description={suggestions.data?.message ?? 'Hvor montøren skal udføre opgaven'}
      value={address}
      onChange={onChange}
      data={[...new Set(suggestions.data?.suggestions ?? [])]}
      withAsterisk
      error={serverError ?? (touched ? errors['timeAndPlace.mobileServiceLocation.address']?.[0] : undefined)}
      maxDropdownHeight={250}
      autoComplete="off"
    />
  );
}

/** The workshops nearest the customer as buttons with their first free day; they wrap on a narrow screen. */
export function NearestButtons({
  nearest,
  chosenId,
  label,
  onChoose,
}: {
  nearest: Array<{ workshop: TDepartment; firstFreeDate: string | null }>;
  chosenId: string;
  label: string;
  onChoose: (d: TDepartment) => void;
}) {
  return (
    <Group gap={6} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" w="100%">
        {label}
      </Text>
      {nearest.map((r) => {
        const chosen = r.workshop.id === chosenId;
        return (
          <Button
            key={r.workshop.id}
            size="compact-sm"
            variant={chosen ? 'filled' : 'light'}
            aria-pressed={chosen}
            onClick={() => onChoose(r.workshop)}
            // A long name and its date wrap inside the button instead of being cut (a phone is 390 px wide).
            styles={{
              root: { height: 'auto', minHeight: 26, maxWidth: '100%', paddingBlock: 3 },
              label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left' },
            }}
          >
            {r.workshop.name} · {r.firstFreeDate ? `ledig ${formatDate(r.firstFreeDate)}` : 'ingen ledige tider'}
          </Button>
        );
      })}
    </Group>
  );
}
