import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Select } from '../../../components/select';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TCarModel } from '@/domain/catalogue/catalogue.schemas';
import { modelYears } from '@/domain/catalogue/catalogue.schemas';
import { copenhagenParts } from '@/domain/lib/dates';
import { formatPlate, normalisePlate } from '@/domain/lib/format';
import { LEASING_OPTIONS } from '@/domain/orders/order-enums';
import type { TCar } from '@/domain/orders/order.schemas';
import { findInsurer, insurerDisplayName, isLeased } from '@/domain/orders/who-pays';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useCarModels, useCarSearch, useManufacturers } from '../../catalogue';
import { useInsurers, useLeasers } from '../../parties';

export const NO_MAKE_TEXT = 'Et bilmærke skal først vælges';
export const NO_MODEL_TEXT = 'En model skal først vælges';
const OPEN_ORDERS_SHOWN = 6;

/** The years the year list offers for a model (the domain's modelYears with this year as 'now'). */
export function yearOptions(model: TCarModel | undefined, now = new Date()): string[] {
  return model ? modelYears(model, copenhagenParts(now).year).map(String) : [];
}

/**
 * What the user reads when a plate gives no car: the server's reason (unknown plate, a registry that is busy or gives
 * no answer) and the way on, entering the car by hand.
 */
export function plateLookupMessage(error: unknown): string {
  const reason = isApiError(error) && error.status < 500 && error.serverMessage ? error.serverMessage : 'Bilregistret svarede ikke';
  const sentence = reason.endsWith('.') ? reason : `${reason}.`;
  return sentence.endsWith('selv.') ? sentence : `${sentence} Udfyld bilens mærke, model og årgang selv.`;
}

interface CarFieldsProps {
  car: TCar;
  onChange: (change: (car: TCar) => TCar) => void;
}

/**
 * The car of the order: registration-number search, make → model → year, insurance and leasing
 * (document 1 section 2, 'Oprettelse af opgave*').
 */
export function CarFields({ car, onChange }: CarFieldsProps) {
  const manufacturers = useManufacturers();
  const models = useCarModels(car.manuId);
  const insurers = useInsurers();
  const leasers = useLeasers();
  const carSearch = useCarSearch();
  const [plate, setPlate] = useState(() => formatPlate(car.registrationNumber));
  // Why the plate gave no car (unknown, or the registry gave no answer): the user enters the car by hand (issue 42).
  const [notFound, setNotFound] = useState<string | null>(null);

  const model = models.data?.find((m) => m.modelId === car.modId);
  const years = yearOptions(model);
  const hasMake = car.manuId > 0;

  const searchPlate = (event: FormEvent) => {
    event.preventDefault();
    const registrationNumber = normalisePlate(plate);
    if (!registrationNumber) return;
    carSearch.mutate(registrationNumber, {
      onSuccess: (found) => {
        setNotFound(null);
        // The registry writes the insurer as Bilstatistik does ('TRYG FORSIKRING A/S'): kept as the register names it.
        const insurance = insurerDisplayName(insurers.data ?? [], found.insurance);
        onChange(() => ({ ...found, insurance, registrationNumber: found.registrationNumber || registrationNumber }));
        setPlate(formatPlate(found.registrationNumber || registrationNumber));
      },
      onError: (error) => {
        notify.error(`Api: "getInformationFromReg" failed with input ${registrationNumber}`);
        setNotFound(plateLookupMessage(error));
        onChange((c) => ({ ...c, registrationNumber }));
        setPlate(formatPlate(registrationNumber));
      },
    });
  };

  const makeData = (manufacturers.data ?? []).map((m) => ({ value: String(m.manuId), label: m.manuName }));
  const modelData = hasMake ? (models.data ?? []).map((m) => ({ value: String(m.modelId), label: m.modelName })) : [];
  const insurerNames = [...new Set((insurers.data ?? []).map((i) => i.name))];
  // The registry names the insurer as Bilstatistik does ('TRYG FORSIKRING A/S'): shown as the insurer it is.
  const insurer = findInsurer(insurers.data ?? [], car.insurance);
  const insuranceValue = insurer?.name ?? (car.insurance || null);
  if (car.insurance && !insurer && !insurerNames.includes(car.insurance)) insurerNames.unshift(car.insurance);
  const leaserNames = [...new Set((leasers.data ?? []).map((l) => l.name))];
  if (car.leaser && !leaserNames.includes(car.leaser)) leaserNames.unshift(car.leaser);
  const leasingData = [...LEASING_OPTIONS] as string[];
  if (car.leasing && !leasingData.includes(car.leasing)) leasingData.unshift(car.leasing);

  return (
    <Stack gap="sm">
      <form onSubmit={searchPlate}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Registreringsnummer"
            placeholder="AB 12 345"
            value={plate}
            onChange={(event) => setPlate(event.currentTarget.value)}
            onBlur={() => setPlate((p) => formatPlate(normalisePlate(p)))}
            style={{ flex: 1, minWidth: 0 }}
            maxLength={12}
            autoComplete="off"
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={16} />} loading={carSearch.isPending}>
            Søg bil
          </Button>
        </Group>
      </form>

      {notFound ? (
        <Alert color="yellow" title="Bilen kunne ikke slås op" p="xs" role="status">
          {notFound}
        </Alert>
      ) : null}

      {car.currentOrdersOnReg.length > 0 ? (
        <Alert color="yellow" title="Bilen har åbne ordrer" p="xs">
          <Group gap="xs">
            {car.currentOrdersOnReg.slice(0, OPEN_ORDERS_SHOWN).map((o) => (
              <Anchor key={o.id} component={Link} to={`/worksheet/${o.id}`} size="sm">
                Ordre {o.orderNo}
              </Anchor>
            ))}
            {car.currentOrdersOnReg.length > OPEN_ORDERS_SHOWN ? (
              <Text size="sm" c="dimmed">
                og {car.currentOrdersOnReg.length - OPEN_ORDERS_SHOWN} flere
              </Text>
            ) : null}
          </Group>
        </Alert>
      ) : null}

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Bilmærke"
          placeholder="Vælg bilmærke"
          data={makeData}
          value={hasMake ? String(car.manuId) : null}
          searchable
          clearable
          nothingFoundMessage="Intet bilmærke passer"
          maxDropdownHeight={250}
          onChange={(value) => {
            const manufacturer = manufacturers.data?.find((m) => String(m.manuId) === value);
            onChange((c) => ({
              ...c,
              manuId: manufacturer?.manuId ?? 0,
              make: manufacturer?.manuName ?? '',
              modId: 0,
              model: '',
              modelYear: null,
            }));
          }}
          required
        />
        <Select
          label="Model"
          placeholder={hasMake ? 'Vælg model' : NO_MAKE_TEXT}
          data={modelData}
          value={car.modId > 0 ? String(car.modId) : null}
          searchable
          clearable
          nothingFoundMessage={hasMake ? (models.isPending ? 'Henter modeller...' : 'Ingen model passer') : NO_MAKE_TEXT}
          maxDropdownHeight={250}
          onChange={(value) => {
            const chosen = models.data?.find((m) => String(m.modelId) === value);
            onChange((c) => {
              const keepYear = chosen && c.modelYear !== null && yearOptions(chosen).includes(String(c.modelYear));
              return { ...c, modId: chosen?.modelId ?? 0, model: chosen?.modelName ?? '', modelYear: keepYear ? c.modelYear : null };
            });
          }}
          required
        />
        <Select
          label="Årgang"
          placeholder={car.modId > 0 ? 'Vælg årgang' : NO_MODEL_TEXT}
          data={years}
          value={car.modelYear !== null ? String(car.modelYear) : null}
          clearable
          nothingFoundMessage={NO_MODEL_TEXT}
          maxDropdownHeight={250}
          onChange={(value) => onChange((c) => ({ ...c, modelYear: value ? Number(value) : null }))}
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Select
          label="Forsikring"
          placeholder="Vælg forsikring"
          data={insurerNames}
          value={insuranceValue}
          searchable
          clearable
          nothingFoundMessage="Intet selskab passer"
          maxDropdownHeight={250}
          onChange={(value) => onChange((c) => ({ ...c, insurance: value ?? '' }))}
        />
        <Select
          label="Leasing"
          placeholder="Vælg leasing"
          data={leasingData}
          value={car.leasing || null}
          clearable
          onChange={(value) =>
            onChange((c) => ({ ...c, leasing: value ?? '', leaser: isLeased({ leasing: value ?? '' }) ? c.leaser : '' }))
          }
        />
        <Select
          label="Leasingselskab"
          placeholder={isLeased(car) ? 'Vælg leasingselskab' : 'Bilen er ikke leaset'}
          data={leaserNames}
          value={car.leaser || null}
          searchable
          clearable
          disabled={!isLeased(car)}
          nothingFoundMessage="Intet selskab passer"
          maxDropdownHeight={250}
          onChange={(value) => onChange((c) => ({ ...c, leaser: value ?? '' }))}
        />
      </SimpleGrid>
      {car.owner || car.vehicleIdentificationNumber ? (
        <Text size="sm" c="dimmed">
          {[car.owner ? `Ejer: ${car.owner}` : '', car.vehicleIdentificationNumber ? `Stelnummer: ${car.vehicleIdentificationNumber}` : '']
            .filter(Boolean)
            .join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
