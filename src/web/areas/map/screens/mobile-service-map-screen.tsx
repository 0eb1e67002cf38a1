import { Alert, Anchor, Box, Button, Center, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFocus2, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatTime } from '@/domain/lib/dates';
import {
  buildMapJobs,
  DEFAULT_MAP_CENTRE,
  defaultVans,
  MAP_LIMITS,
  MAP_MESSAGES,
  mapDays,
  mapGroups,
  mapZoom,
  todayInCopenhagen,
  type LatLng,
  type MapGroup,
  type TMapGrouping,
} from '@/domain/map/map';
import { readCustomMapView } from '@/domain/map/map.schemas';
import { PageHeader } from '../../../components/page-header';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useDepartmentSummaries } from '../../departments';
import { useSession } from '../../users';
import { useAddressPositions, useFitters, useMapConfig, useMobileJobs } from '../api';
import type { MapPlace, TTileState } from '../components/job-map';
import { JobList } from '../components/job-list';
import { MapControls } from '../components/map-controls';
import { MapErrorBoundary } from '../components/map-error-boundary';
import { MapLegend } from '../components/map-legend';
import { daysOf, DEFAULT_DAY_OFFSETS, readStoredVans, readStoredView, storeVans, storeView, vansOf } from '../map-view-state';
import { LoadingStatus } from '../../../components/query-state';
import { countText } from '@/domain/lib/plural';

/** Leaflet and the map drawn with it: a chunk of its own, asked for only by this screen. */
const JobMap = lazy(() => import('../components/job-map'));

const TITLE = 'Mobilservice Kort';
const NO_FITTERS: readonly string[] = [];
/** The tile notice lies this far below the map's top edge. */
const NOTICE_TOP = 8;
/** The gap between the notice and a popup opened below it. */
const NOTICE_GAP = 12;
/** Today in Copenhagen, moving on at midnight while the screen stays open. */
function useToday(): string {
  const [today, setToday] = useState(() => todayInCopenhagen());
  useEffect(() => {
    const timer = setInterval(() => setToday(todayInCopenhagen()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}

const isPosition = (lat: number | null | undefined, lng: number | null | undefined): lat is number =>
  typeof lat === 'number' && typeof lng === 'number';

/**
 * Mobilservice Kort (/mobile-service-map, document 3): the mobile-service jobs of up to 4 vans on the chosen days, on a
 * Leaflet map and in a list beside it (below it on a phone), coloured by van or by fitter, with the radius round each
 * van's workshop and each job's distance from it. The custom view (?lat&lng&deptId&addr&isCustomMapView=true, opened
 * from the worksheet and the calendar's booking dialog) centres on an address at zoom 11 with the van's jobs round it.
 */
export function MobileServiceMapScreen() {
  const isPhone = useIsPhone();
  const [search] = useSearchParams();
  const custom = useMemo(() => readCustomMapView(Object.fromEntries(search.entries())), [search]);
  const { user } = useSession();
  const departments = useDepartmentSummaries();
  const config = useMapConfig();
  const today = useToday();
  const days = useMemo(() => mapDays(today), [today]);

  const stored = useMemo(() => (custom ? null : readStoredView()), [custom]);
  const [chosenVans, setChosenVans] = useState<string[] | null>(null);
  const [dayOffsets, setDayOffsets] = useState<number[]>(stored?.dayOffsets ?? DEFAULT_DAY_OFFSETS);
  const [grouping, setGrouping] = useState<TMapGrouping>(stored?.grouping ?? 'department');
  const [radiusKm, setRadiusKm] = useState<number>(stored?.radiusKm ?? MAP_LIMITS.defaultRadiusKm);
  const [hiddenFitters, setHiddenFitters] = useState<string[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ orderId: string; nonce: number } | null>(null);
  const [fitAll, setFitAll] = useState(0);
  const [tileState, setTileState] = useState<TTileState>('loading');
  const tileNotice = tileState === 'off' || tileState === 'failed';
  // A popup opens below the notice: its size is watched (a narrower map wraps its text), and its whole height read.
  const notice = useElementSize<HTMLDivElement>();
  const noticeBox = useRef<HTMLDivElement>(null);
  const noticeRef = useMergedRef(notice.ref, noticeBox);
  const noticeHeight = notice.height > 0 ? (noticeBox.current?.offsetHeight ?? 0) : 0;
  const [controlsOpen, setControlsOpen] = useState(false);
  const mapBox = useRef<HTMLDivElement>(null);

  // The answers arrive one by one: each is read deferred (useDeferredAnswer), so the memoised controls, legend and
  // list are not drawn again by another's arrival.
  const { data: departmentsData, pending: departmentsPending } = useDeferredAnswer(departments);
  const all = useMemo(() => departmentsData ?? [], [departmentsData]);
  const vans = useMemo(() => vansOf(all), [all]);
  const vanIds = useMemo(
    () =>
      chosenVans ??
      defaultVans(vans, {
        customDepartmentId: custom?.deptId,
        stored: custom ? null : readStoredVans(),
        userDepartmentId: user?.departmentGuid,
      }),
    [chosenVans, vans, custom, user?.departmentGuid],
  );
  const selectedDays = useMemo(() => daysOf(dayOffsets, today), [dayOffsets, today]);

  useEffect(() => {
    if (custom) return;
    storeView({ dayOffsets, grouping, radiusKm });
  }, [custom, dayOffsets, grouping, radiusKm]);

  const changeVans = useCallback(
    (next: string[]) => {
      setChosenVans(next);
      if (!custom) storeVans(next);
    },
    [custom],
  );
  const changeDays = useCallback((next: string[]) => setDayOffsets(next.map((d) => days.indexOf(d))), [days]);

  const jobs = useMobileJobs(vanIds, selectedDays);
  const { data: jobsData, pending: jobsPending } = useDeferredAnswer(jobs);
  const jobList = useMemo(
    () => (vanIds.length && selectedDays.length ? (jobsData ?? []) : []),
    [jobsData, vanIds.length, selectedDays.length],
  );
  const addresses = useMemo(() => [...jobList.map((j) => j.address), ...(custom?.addr ? [custom.addr] : [])], [jobList, custom?.addr]);
  const positions = useDeferredValue(useAddressPositions(addresses));

  // The custom view's address: its own coordinates, else found like the jobs' addresses.
  const customPlace = useMemo<MapPlace | null>(() => {
    if (!custom) return null;
    const name = custom.addr ?? 'Valgt sted';
    if (isPosition(custom.lat, custom.lng)) return { key: 'custom', name, position: { lat: custom.lat, lng: custom.lng! } };
    const found = custom.addr ? positions.get(custom.addr) : undefined;
    return found?.status === 'found' ? { key: 'custom', name, position: { lat: found.position.lat, lng: found.position.lng } } : null;
  }, [custom, positions]);
  const customNotFound = custom !== null && customPlace === null && (!custom.addr || positions.get(custom.addr)?.status === 'notFound');

  // The chosen vans' workshops: the van's own place, else its workshop's.
  const chosen = useMemo(() => vanIds.map((id) => vans.find((v) => v.id === id)).filter((v) => v !== undefined), [vanIds, vans]);
  const workshops = useMemo<MapPlace[]>(
    () =>
      chosen.flatMap((van) => {
        const parent = all.find((d) => d.id === van.parentDepartmentId);
        const lat = van.lat ?? parent?.lat;
        const lng = van.lng ?? parent?.lng;
        if (!isPosition(lat, lng)) return [];
        return [{ key: van.id, name: parent ? `${parent.name} (${van.name})` : van.name, position: { lat, lng: lng! } }];
      }),
    [chosen, all],
  );

  const built = useMemo(
    () =>
      buildMapJobs({
        jobs: jobList,
        departments: chosen,
        grouping,
        today,
        radiusKm,
        positionOf: (address) => {
          const state = positions.get(address.trim());
          if (state?.status === 'found') return state.position;
          return state?.status === 'pending' ? undefined : null;
        },
        originOf: (job) => customPlace?.position ?? workshops.find((w) => w.key === job.departmentId)?.position ?? null,
      }),
    [jobList, chosen, grouping, today, radiusKm, positions, customPlace, workshops],
  );
  const shown = useMemo(
    () => (grouping === 'fitter' ? built.filter((j) => !hiddenFitters.includes(j.group.key)) : built),
    [built, grouping, hiddenFitters],
  );
  const count = (list: readonly { group: MapGroup }[], group: MapGroup) => list.filter((j) => j.group.key === group.key).length;
  const groups = useMemo(
    () =>
      mapGroups(jobList, chosen, grouping)
        .map((group) => ({ group, count: count(shown, group) }))
        .filter((g) => g.count > 0 || grouping === 'department'),
    [jobList, chosen, grouping, shown],
  );
  const fitterChoices = useMemo(
    () => mapGroups(jobList, chosen, 'fitter').map((group) => ({ group, count: count(built, group) })),
    [jobList, chosen, built],
  );

  const fitters = useFitters(grouping === 'fitter');
  const { data: fittersData } = useDeferredAnswer(fitters);
  const idleFitters = useMemo(() => {
    const homes = new Set(chosen.flatMap((v) => [v.id, v.parentDepartmentId]));
    const busy = new Set(jobList.map((j) => j.worker));
    return (fittersData ?? [])
      .filter((f) => homes.has(f.departmentGuid) && !busy.has(f.id))
      .map((f) => f.name)
      .sort((a, b) => a.localeCompare(b, 'da'));
  }, [fittersData, chosen, jobList]);

  const centre: LatLng = customPlace?.position ?? (workshops.length ? meanOf(workshops.map((w) => w.position)) : DEFAULT_MAP_CENTRE);
  const zoom = mapZoom(radiusKm, customPlace !== null);
  const origin = customPlace ? 'adressen' : 'værkstedet';

  const showOnMap = useCallback(
    (orderId: string) => {
      setSelected(orderId);
      setFocus((f) => ({ orderId, nonce: (f?.nonce ?? 0) + 1 }));
      if (isPhone) mapBox.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    },
    [isPhone],
  );
  const selectFromMap = useCallback((orderId: string) => {
    setSelected(orderId);
    document.querySelector(`[data-order-id="${CSS.escape(orderId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, []);

  const emptyText =
    vanIds.length === 0
      ? MAP_MESSAGES.noDepartment
      : selectedDays.length === 0
        ? MAP_MESSAGES.noDay
        : jobs.isError
          ? 'Opgaverne kunne ikke hentes. Prøv Genindlæs.'
          : jobsPending
            ? null
            : shown.length === 0
              ? 'Ingen mobilservice-opgaver på de valgte dage.'
              : null;

  const controls = (
    <MapControls
      today={today}
      days={days}
      selectedDays={selectedDays}
      onDaysChange={changeDays}
      grouping={grouping}
      onGroupingChange={setGrouping}
      vans={vans}
      selectedVans={vanIds}
      onVansChange={changeVans}
      fitters={fitterChoices}
      hiddenFitters={hiddenFitters}
      onHiddenFittersChange={setHiddenFitters}
      idleFitters={grouping === 'fitter' ? idleFitters : NO_FITTERS}
      radiusKm={radiusKm}
      onRadiusChange={setRadiusKm}
      origin={origin}
    />
  );

  const mapHeight = isPhone ? 'min(58dvh, 480px)' : 'max(440px, calc(100dvh - 330px))';
  const updatedAt = jobs.dataUpdatedAt ? formatTime(new Date(jobs.dataUpdatedAt)) : null;

  const map = config.isPending ? null : (
    <JobMap
      jobs={shown}
      workshops={workshops}
      customPlace={customPlace}
      radiusKm={radiusKm}
      centre={centre}
      zoom={zoom}
      tileUrl={config.data?.mapTileUrl ?? null}
      attribution={config.data?.mapAttribution ?? ''}
      today={today}
      grouping={grouping}
      positions={positions}
      origin={origin}
      focus={focus}
      fitAll={fitAll}
      onSelect={selectFromMap}
      onTileState={setTileState}
      popupClearTop={tileNotice ? NOTICE_TOP + noticeHeight + NOTICE_GAP : 0}
    />
  );
  // Drawn as a deferred value: jobs and their positions arrive in several answers (TanStack Query tells React through
  // useSyncExternalStore, whose updates React draws at once), and each redrew every mark in one task; now the map as it
  // was stays while the new one is drawn in the background in short slices (issue 17: blocking time).
  const shownMap = useDeferredValue(map);

  return (
    <>
      <PageHeader
        title={TITLE}
        description={custom ? `Adresse: ${custom.addr ?? 'ikke angivet'}` : undefined}
        actions={
          <>
            {custom ? (
              <Anchor component={Link} to="/mobile-service-map" size="sm">
                Til hele kortet
              </Anchor>
            ) : null}
            <Button
              variant="default"
              leftSection={<IconFocus2 size={18} aria-hidden />}
              onClick={() => setFitAll((n) => n + 1)}
              disabled={shown.length === 0 && workshops.length === 0}
            >
              Vis alle
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => void jobs.refetch()}
              loading={jobs.isFetching && !jobs.isPending}
            >
              Genindlæs
            </Button>
          </>
        }
      />

      {departmentsPending ? (
        <Center py="xl">
          <LoadingStatus label="Indlæser afdelinger" />
        </Center>
      ) : departments.isError ? (
        <Alert color="red" title="Afdelingerne kunne ikke hentes">
          Prøv at genindlæse siden.
        </Alert>
      ) : (
        <Stack gap="md">
          {isPhone ? (
            <Paper withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" style={{ minWidth: 0 }}>
                  {countText(selectedDays.length, 'dag', 'dage')} · {countText(vanIds.length, 'afdeling', 'afdelinger')} · {radiusKm} km
                </Text>
                <Button
                  variant="light"
                  size="compact-md"
                  leftSection={<IconAdjustmentsHorizontal size={18} aria-hidden />}
                  onClick={() => setControlsOpen((o) => !o)}
                  aria-expanded={controlsOpen}
                  aria-controls="map-controls"
                >
                  Filtre
                </Button>
              </Group>
              <Collapse expanded={controlsOpen} id="map-controls">
                <Box pt="sm">{controls}</Box>
              </Collapse>
            </Paper>
          ) : (
            <Paper withBorder p="md" id="map-controls">
              {controls}
            </Paper>
          )}

          {custom && customNotFound ? (
            <Alert color="orange" title={MAP_MESSAGES.addressNotFound}>
              {custom.addr ? `'${custom.addr}' kunne ikke placeres på kortet.` : 'Linket har hverken adresse eller koordinater.'}{' '}
              Mobilservice-opgaverne vises stadig.
            </Alert>
          ) : null}
          <Box
            style={{ display: 'flex', flexDirection: isPhone ? 'column' : 'row', gap: 'var(--mantine-spacing-md)', alignItems: 'stretch' }}
          >
            <Box
              ref={mapBox}
              style={{ flex: isPhone ? 'none' : '1 1 auto', minWidth: 0, height: mapHeight, position: 'relative', scrollMarginTop: 64 }}
            >
              {/* Over the map, not above it: the notice comes when the first tile fails, and must not push the map down (layout shift); beside the zoom buttons, clear of the scale and the attribution. A click on it reaches the mark beneath. */}
              {tileNotice ? (
                <Alert
                  ref={noticeRef}
                  color="gray"
                  role="status"
                  title={tileState === 'off' ? 'Kortet vises uden baggrundskort' : 'Baggrundskortet kan ikke hentes'}
                  py="xs"
                  style={{
                    position: 'absolute',
                    top: NOTICE_TOP,
                    left: 56,
                    right: 8,
                    zIndex: 1000,
                    boxShadow: 'var(--mantine-shadow-sm)',
                    pointerEvents: 'none',
                  }}
                >
                  {tileState === 'off' ? 'Baggrundskortet er slået fra i opsætningen.' : 'Opgaver, værksteder og radius vises stadig.'}
                </Alert>
              ) : null}
              <Paper withBorder style={{ height: '100%', overflow: 'hidden' }}>
                <MapErrorBoundary>
                  <Suspense
                    fallback={
                      <Center h="100%">
                        <LoadingStatus label="Indlæser kortet" />
                      </Center>
                    }
                  >
                    {shownMap}
                  </Suspense>
                </MapErrorBoundary>
              </Paper>
            </Box>

            <Stack
              gap="md"
              style={{
                flex: isPhone ? 'none' : '0 0 370px',
                minWidth: 0,
                height: isPhone ? 'auto' : mapHeight,
                overflowY: isPhone ? 'visible' : 'auto',
              }}
              pr={isPhone ? 0 : 4}
            >
              <MapLegend
                today={today}
                days={days}
                grouping={grouping}
                groups={groups}
                radiusKm={radiusKm}
                customAddress={customPlace ? customPlace.name : null}
              />
              {jobsPending && vanIds.length > 0 && selectedDays.length > 0 ? (
                <Center py="md">
                  <LoadingStatus label="Indlæser opgaver" />
                </Center>
              ) : (
                <JobList
                  jobs={shown}
                  groups={groups}
                  grouping={grouping}
                  today={today}
                  radiusKm={radiusKm}
                  positions={positions}
                  origin={origin}
                  selectedOrderId={selected}
                  onShowOnMap={showOnMap}
                  emptyText={emptyText}
                />
              )}
              <Text size="xs" c="dimmed" role="status">
                {updatedAt ? `Sidst opdateret ${updatedAt}. ` : ''}
                {jobs.live ? 'Opdateres med det samme, når en opgave ændres.' : 'Opdateres hvert 5. minut.'}
              </Text>
            </Stack>
          </Box>
        </Stack>
      )}
    </>
  );
}

function meanOf(points: readonly LatLng[]): LatLng {
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
}
