import { Accordion, Alert, Anchor, Box, Button, Center, Checkbox, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SCREENS } from '@/domain/access/screens';
import type { TProductGroup, TProductSearchKind } from '@/domain/catalogue/catalogue.schemas';
import { PRODUCT_RESULT_LIMIT, PRODUCT_SEARCH_KINDS } from '@/domain/catalogue/catalogue.schemas';
import { linesReadOnly } from '@/domain/orders/order-status';
import { validateItems } from '@/domain/orders/order-validation';
import { hasAnyRole } from '@/domain/users/roles';
import { useMediaQuery } from '@mantine/hooks';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSession } from '../../users';
import {
  AutoValidButton,
  isAutoValidType,
  ProductSearchBar,
  useCarId,
  useCarModels,
  useCarProducts,
  useProductSearch,
  useRepairProducts,
  useVinSearch,
  VinSearchButton,
} from '../../catalogue';
import { yearOptions } from '../components/car-fields';
import { FlowPage } from '../components/flow-page';
import { ProductTable } from '../components/product-table';
import { useOrderFlow } from '../flow/order-flow-store';
import { useOrderActions } from '../flow/use-order-actions';
import { LoadingStatus } from '../../../components/query-state';

const REPAIR_GROUP = 'Stenslagsreparation';

type Source =
  | { type: 'car' }
  | { type: 'search'; kind: TProductSearchKind; term: string }
  | { type: 'vin'; vin: string }
  | { type: 'autovalid'; carKey: string; groups: TProductGroup[] };

function sourceKey(source: Source): string {
  switch (source.type) {
    case 'car':
      return 'car';
    case 'search':
      return `search:${source.kind}:${source.term}`;
    case 'vin':
      return `vin:${source.vin}`;
    case 'autovalid':
      return `autovalid:${source.carKey}`;
  }
}

function isKind(value: string | null): value is TProductSearchKind {
  return value !== null && (PRODUCT_SEARCH_KINDS as readonly string[]).includes(value);
}

interface GroupFilterProps {
  groups: TProductGroup[];
  /** Side by side in a row (above the list) instead of a column. */
  inline?: boolean;
  isChecked: (group: TProductGroup) => boolean;
  onToggle: (group: TProductGroup, checked: boolean) => void;
}

/** 'Filtrering': one checkbox per product group. */
function GroupFilter({ groups, isChecked, onToggle, inline }: GroupFilterProps) {
  if (groups.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Ingen produktgrupper.
      </Text>
    );
  }
  const boxes = groups.map((group) => (
    <Checkbox
      key={group.id}
      label={`${group.name} (${group.items.length})`}
      checked={isChecked(group)}
      disabled={group.items.length === 0}
      onChange={(event) => onToggle(group, event.currentTarget.checked)}
    />
  ));
  return inline ? (
    <Group gap="md" role="group" aria-label="Produktgrupper">
      {boxes}
    </Group>
  ) : (
    <Stack gap={8} role="group" aria-label="Produktgrupper">
      {boxes}
    </Stack>
  );
}

/** 'Udskiftning af rude': the car's products, searches and the VIN look-ups (document 1 section 2). */
export function ProductsScreen() {
  const [params, setParams] = useSearchParams();
  const isPhone = useIsPhone();
  const { user } = useSession();
  const { order } = useOrderFlow();
  const actions = useOrderActions();
  const car = order.car;
  const carKey = `${car.manuId}|${car.modId}|${car.modelYear ?? ''}|${car.registrationNumber}|${car.vehicleIdentificationNumber}`;

  const paramKind = params.get('kind');
  const paramTerm = params.get('search')?.trim() ?? '';
  const [source, setSource] = useState<Source>(() =>
    paramTerm ? { type: 'search', kind: isKind(paramKind) ? paramKind : 'No', term: paramTerm } : { type: 'car' },
  );
  // An Auto Valid answer belongs to the car it was asked for.
  const activeSource: Source = source.type === 'autovalid' && source.carKey !== carKey ? { type: 'car' } : source;

  // Without a chosen year the products of the model's newest year are shown.
  const models = useCarModels(car.manuId);
  const newestYear = yearOptions(models.data?.find((m) => m.modelId === car.modId)).at(-1);
  const carId = useCarId(car.manuId, car.modId, car.modelYear ?? (newestYear ? Number(newestYear) : null));
  const carProducts = useCarProducts(activeSource.type === 'car' ? carId.data?.carId : undefined);
  const isRepair = order.additionalData.orderType === 'REPAIR';
  const repairs = useRepairProducts(activeSource.type === 'car' && isRepair);
  const search = useProductSearch(activeSource.type === 'search' ? { kind: activeSource.kind, term: activeSource.term } : null);
  const vin = useVinSearch(activeSource.type === 'vin' ? activeSource.vin : null);

  const [overrides, setOverrides] = useState<Record<string, Record<string, boolean>>>({});
  const key = sourceKey(activeSource);

  let groups: TProductGroup[] = [];
  let loading = false;
  let failed = false;
  const hasCar = car.manuId > 0 && car.modId > 0;
  switch (activeSource.type) {
    case 'car':
      groups = carProducts.data ?? [];
      loading = hasCar && (carId.isPending || carProducts.isPending);
      failed = carId.isError || carProducts.isError;
      if (isRepair) {
        // A stone-chip order starts with the repair products.
        groups = [{ id: 'carrep', name: REPAIR_GROUP, checked: true, items: repairs.data ?? [] }, ...groups];
        loading = repairs.isPending || loading;
        failed = repairs.isError || failed;
      }
      break;
    case 'search':
      groups = search.data ?? [];
      loading = search.isPending;
      failed = search.isError;
      break;
    case 'vin':
      groups = vin.data ?? [];
      loading = vin.isPending;
      failed = vin.isError;
      break;
    case 'autovalid':
      groups = activeSource.groups;
      break;
  }

  const isChecked = (group: TProductGroup) => overrides[key]?.[group.id] ?? group.checked;
  const shownGroups = groups.filter((group) => group.items.length > 0 && isChecked(group));
  // The server answers at most PRODUCT_RESULT_LIMIT products: say so rather than let the list look complete.
  const capped = groups.reduce((sum, group) => sum + group.items.length, 0) >= PRODUCT_RESULT_LIMIT;
  const toggle = (group: TProductGroup, checked: boolean) =>
    setOverrides((all) => ({ ...all, [key]: { ...all[key], [group.id]: checked } }));

  const runSearch = (kind: TProductSearchKind, term: string) => {
    setSource({ type: 'search', kind, term });
    setParams({ kind, search: term }, { replace: true });
  };
  const backToCar = () => {
    setSource({ type: 'car' });
    setParams({}, { replace: true });
  };

  const roles = user?.roles ?? [];
  const canVin = hasAnyRole(roles, ['VINSearch']);
  const canAutoValid = hasAnyRole(roles, ['AutovalidVINSearch']) && isAutoValidType(order.additionalData.orderType);
  const readOnly = linesReadOnly(order.additionalData.orderStatus);

  const sourceText =
    activeSource.type === 'search'
      ? `Søgning: ${activeSource.term}`
      : activeSource.type === 'vin'
        ? `VIN opslag: ${activeSource.vin}`
        : activeSource.type === 'autovalid'
          ? 'Auto Valid VIN opslag'
          : null;

  let list;
  if (activeSource.type === 'car' && !hasCar && !isRepair) {
    list = (
      <Alert color="blue" title="Ingen bil valgt">
        <Text size="sm">
          Vælg bilmærke og model på{' '}
          <Anchor component={Link} to={SCREENS.DASHBOARD.path}>
            Forside
          </Anchor>
          , eller søg efter et produkt.
        </Text>
      </Alert>
    );
  } else if (loading) {
    list = (
      <Center py="xl">
        <LoadingStatus label="Henter produkter" />
      </Center>
    );
  } else if (failed) {
    list = (
      <Alert color="red" title="Produkterne kunne ikke hentes">
        Prøv igen om lidt.
      </Alert>
    );
  } else if (shownGroups.length === 0) {
    list = (
      <Paper withBorder p="lg" radius="md">
        <Text c="dimmed">Ingen produkter fundet</Text>
      </Paper>
    );
  } else {
    list = (
      <Stack gap="lg">
        {capped ? (
          <Alert color="blue" p="xs">
            Viser de første {PRODUCT_RESULT_LIMIT} produkter – skriv flere ord for at indsnævre søgningen.
          </Alert>
        ) : null}
        {shownGroups.map((group) => (
          <section key={group.id} aria-label={group.name}>
            <Title order={2} size="h4" mb="xs">
              {group.name}
            </Title>
            <ProductTable
              label={group.name}
              products={group.items}
              order={order}
              readOnly={readOnly}
              onAdd={(product, amount) => actions.addProducts([{ product, amount }], 'single')}
              onRemove={(product) => actions.removeItem(product.itemNo)}
              onAddAll={actions.addWithSubItems}
            />
          </section>
        ))}
      </Stack>
    );
  }

  const filter = <GroupFilter groups={groups} isChecked={isChecked} onToggle={toggle} />;
  const wide = useMediaQuery('(min-width: 88em)');
  const itemErrors = validateItems(order.items).items;

  return (
    <FlowPage
      step="PRODUCTS"
      title="Udskiftning af rude"
      continueHint={itemErrors?.[0] ?? null}
      openWithoutEarlierSteps={activeSource.type === 'search' || isRepair}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <ProductSearchBar
              key={activeSource.type === 'search' ? 'search' : 'idle'}
              initialKind={activeSource.type === 'search' ? activeSource.kind : 'No'}
              initialTerm={activeSource.type === 'search' ? activeSource.term : ''}
              onSearch={runSearch}
              loading={activeSource.type === 'search' && search.isFetching}
            />
            {canVin || canAutoValid || sourceText ? (
              <Group gap="sm" wrap="wrap">
                {canVin ? (
                  <VinSearchButton
                    initialVin={car.vehicleIdentificationNumber}
                    onSearch={(found) => {
                      setSource({ type: 'vin', vin: found });
                      actions.setCar((c) => ({ ...c, vehicleIdentificationNumber: found }));
                    }}
                  />
                ) : null}
                {canAutoValid ? (
                  <AutoValidButton
                    carKey={carKey}
                    regOrVin={car.registrationNumber || car.vehicleIdentificationNumber}
                    orderType={order.additionalData.orderType}
                    onResult={(found, foundVin) => {
                      const nextKey = foundVin
                        ? `${car.manuId}|${car.modId}|${car.modelYear ?? ''}|${car.registrationNumber}|${foundVin}`
                        : carKey;
                      setSource({ type: 'autovalid', carKey: nextKey, groups: found });
                      if (foundVin) actions.setCar((c) => ({ ...c, vehicleIdentificationNumber: foundVin }));
                    }}
                  />
                ) : null}
                {sourceText ? (
                  <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {sourceText}
                    </Text>
                    {hasCar ? (
                      <Button size="xs" variant="subtle" leftSection={<IconArrowBackUp size={14} />} onClick={backToCar}>
                        Vis bilens produkter
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Group>
            ) : null}
          </Stack>
        </Paper>

        {isPhone ? (
          <>
            {groups.length > 0 ? (
              <Accordion variant="contained" radius="md">
                <Accordion.Item value="filter">
                  <Accordion.Control>Filtrering</Accordion.Control>
                  <Accordion.Panel>{filter}</Accordion.Panel>
                </Accordion.Item>
              </Accordion>
            ) : null}
            {list}
          </>
        ) : wide ? (
          <Grid gap="md">
            <Grid.Col span={3}>
              <Paper withBorder radius="md" p="sm">
                <Title order={2} size="h5" mb="xs">
                  Filtrering
                </Title>
                {filter}
              </Paper>
            </Grid.Col>
            <Grid.Col span={9}>
              <Box>{list}</Box>
            </Grid.Col>
          </Grid>
        ) : (
          <>
            {groups.length > 0 ? (
              <Paper withBorder radius="md" p="sm">
                <Group gap="md" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h5" style={{ flexShrink: 0 }}>
                    Filtrering
                  </Title>
                  <GroupFilter groups={groups} isChecked={isChecked} onToggle={toggle} inline />
                </Group>
              </Paper>
            ) : null}
            {list}
          </>
        )}
      </Stack>
    </FlowPage>
  );
}
