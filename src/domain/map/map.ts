import { todayInCopenhagen } from '../lib/dates';
import { formatDecimal } from '../lib/format';
import type { LiveChange } from '../calendar';

/**
 * The mobile-service map (document 3: MOBILE_SERVICE_MAP /mobile-service-map), pure: its constants (section 9),
 * the distance of a job from its van's workshop, the day colours, the zoom, and the jobs as the map and the list
 * show them (numbered, coloured by van or fitter), and markers that would cover each other fanned out.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** Document 3 section 9 (and section 5: at most 4 departments, radius steps of 1 km). */
export const MAP_LIMITS = {
  maxDepartments: 4,
  maxDays: 7,
  /** Today through +4 days have their own colour; the other days are grey. */
  colouredDays: 5,
  defaultZoom: 8,
  /** The zoom with a radius over `radiusZoomAboveKm`. */
  radiusZoom: 9,
  radiusZoomAboveKm: 30,
  customZoom: 11,
  defaultRadiusKm: 20,
  radiusStepKm: 1,
  /** Our bounds for the radius field: Denmark is about 450 km across. */
  minRadiusKm: 1,
  maxRadiusKm: 500,
  earthRadiusKm: 6371,
} as const;

/** The spec's fixed default centre (its value is not given): the middle of Denmark, between Jylland and Sjælland. */
export const DEFAULT_MAP_CENTRE: LatLng = { lat: 56.0, lng: 10.4 };

export const MAP_MESSAGES = {
  tooManyDepartments: `Vælg højst ${MAP_LIMITS.maxDepartments} afdelinger`,
  noDepartment: 'Vælg mindst én mobilservice-afdeling',
  noDay: 'Vælg mindst én dag',
  addressNotFound: 'Adressen kunne ikke findes',
  radius: `Radius skal være et helt antal km mellem ${MAP_LIMITS.minRadiusKm} og ${MAP_LIMITS.maxRadiusKm}`,
} as const;

/** Today, +1 … +4 days: red, orange, yellow, green, blue (never the only sign: the day is written beside); the rest grey. */
export const DAY_COLOURS = ['#e03131', '#f76707', '#f59f00', '#2f9e44', '#1c7ed6'] as const;
export const OTHER_DAY_COLOUR = '#868e96';

/** Colours of the vans or fitters: each carries white text at 4.5:1 or more, none of them a day colour. */
export const GROUP_COLOURS = ['#5f3dc4', '#0b7285', '#a61e4d', '#364fc7', '#087f5b', '#862e9c', '#7a4a12', '#343a40'] as const;
/** The fitter group of jobs with no fitter. */
export const NO_FITTER_COLOUR = '#495057';
export const NO_FITTER = '00000000-0000-0000-0000-000000000000';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine, earth radius 6371 km). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * MAP_LIMITS.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** 12.345 → '12,3 km'. */
export function formatDistance(km: number): string {
  return `${formatDecimal(km, 1)} km`;
}

/** The map's zoom: 11 in the custom view, else 8, or 9 with a radius over 30 km. */
export function mapZoom(radiusKm: number, customView = false): number {
  if (customView) return MAP_LIMITS.customZoom;
  return radiusKm > MAP_LIMITS.radiusZoomAboveKm ? MAP_LIMITS.radiusZoom : MAP_LIMITS.defaultZoom;
}

/** A radius the map can use: whole km within bounds; anything else gives the default. */
export function validRadius(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isInteger(value)) return null;
  return value >= MAP_LIMITS.minRadiusKm && value <= MAP_LIMITS.maxRadiusKm ? value : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDayOf = (utc: Date) => `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())}`;

/** Today in Copenhagen as 'YYYY-MM-DD' (defined once in lib/dates; the map screen takes it from here). */
export { todayInCopenhagen };

/** The day `offset` days after an ISO day. */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return isoDayOf(new Date(Date.UTC(y, m - 1, d + offset)));
}

/** Whole days from `today` to `day` (negative before). */
export function dayOffset(day: string, today: string): number {
  const at = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.round((at(day) - at(today)) / 86_400_000);
}

/** The day checkboxes: today and the six days after it. */
export function mapDays(today: string): string[] {
  return Array.from({ length: MAP_LIMITS.maxDays }, (_, i) => addDays(today, i));
}

/** Today through +4 days in their own colours; other days grey. */
export function dayColour(day: string, today: string): string {
  const offset = dayOffset(day, today);
  return offset >= 0 && offset < MAP_LIMITS.colouredDays ? DAY_COLOURS[offset]! : OTHER_DAY_COLOUR;
}

const WEEKDAY_NAMES = ['Søndag', 'Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag'];

/** 'I dag', 'I morgen', or the weekday ('Onsdag'). */
export function dayName(day: string, today: string): string {
  const offset = dayOffset(day, today);
  if (offset === 0) return 'I dag';
  if (offset === 1) return 'I morgen';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

/** 'YYYY-MM-DD' → 'dd/MM-YYYY'. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

/** Whether a live change concerns what the map shows: one of its vans on one of its days, or a van's plan. */
export function changeConcerns(changes: readonly LiveChange[], departmentIds: readonly string[], days: readonly string[]): boolean {
  if (changes.length === 0) return true;
  return changes.some((c) => departmentIds.includes(c.departmentId) && (c.date === null || days.includes(c.date.slice(0, 10))));
}

/** A screen offset in pixels (x to the right, y down). */
export interface PixelOffset {
  x: number;
  y: number;
}

/** Web Mercator pixel coordinates of a place at a zoom (256-pixel tiles), as Leaflet draws it. */
export function projectToPixels(point: LatLng, zoom: number): PixelOffset {
  const size = 256 * 2 ** zoom;
  const lat = Math.max(-85.0511, Math.min(85.0511, point.lat));
  const sin = Math.sin(toRadians(lat));
  return { x: (size * (point.lng + 180)) / 360, y: size * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) };
}

/**
 * Where each marker is drawn at a zoom, as a pixel offset from its own place, so that every marker can be seen and
 * clicked: markers that would cover each other (closer than `markPx` on the screen; addresses found only by their
 * zip code's centre all land on one point) are gathered round the first of them, which stays, and the others go on a
 * ring round it, `markPx` apart. Computed per zoom: zoomed in, markers that are apart keep their own places. The
 * order of the input decides who stays and each one's place on the ring.
 */
export function fanOutMarkers(points: readonly LatLng[], zoom: number, markPx = 38): PixelOffset[] {
  const pixels = points.map((p) => projectToPixels(p, zoom));
  const groups: number[][] = [];
  pixels.forEach((px, i) => {
    const near = groups.find((g) => Math.hypot(pixels[g[0]!]!.x - px.x, pixels[g[0]!]!.y - px.y) < markPx);
    if (near) near.push(i);
    else groups.push([i]);
  });
  const out: PixelOffset[] = points.map(() => ({ x: 0, y: 0 }));
  for (const [anchorIndex, ...others] of groups) {
    if (others.length === 0) continue;
    const anchor = pixels[anchorIndex!]!;
    // A ring wide enough for the crowd: neighbours `markPx` apart, and clear of the one in the middle.
    const ring = others.length < 2 ? markPx + 2 : Math.max(markPx + 2, markPx / (2 * Math.sin(Math.PI / others.length)));
    others.forEach((index, n) => {
      const angle = (2 * Math.PI * n) / others.length - Math.PI / 2;
      const own = pixels[index]!;
      out[index] = { x: anchor.x + ring * Math.cos(angle) - own.x, y: anchor.y + ring * Math.sin(angle) - own.y };
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// The jobs as the map and the list show them.

export type TMapGrouping = 'department' | 'fitter';

export interface MapJobInput {
  orderId: string;
  departmentId: string;
  departmentName: string;
  /** 'YYYY-MM-DDT00:00:00' or 'YYYY-MM-DD'. */
  date: string;
  from: string | null;
  worker: string;
  workerName: string;
  address: string;
}

export interface MapGroup {
  key: string;
  name: string;
  colour: string;
}

export interface MapJob<J extends MapJobInput = MapJobInput> {
  job: J;
  /** 1, 2, …: the number on the marker and in the list. */
  number: number;
  day: string;
  dayColour: string;
  group: MapGroup;
  /** Where the address was found (the marker's place); null when it could not be found (no marker). */
  position: LatLng | null;
  /** From the van's workshop (or the custom view's address); null without both places. */
  distanceKm: number | null;
  withinRadius: boolean | null;
}

export interface BuildMapJobsInput<J extends MapJobInput> {
  jobs: readonly J[];
  /** The chosen vans in the order they were chosen: their colours in the Afdeling tab. */
  departments: readonly { id: string; name: string }[];
  grouping: TMapGrouping;
  today: string;
  radiusKm: number;
  /** Coordinates of each address: a place, null when not found, undefined while still being looked up. */
  positionOf: (address: string) => LatLng | null | undefined;
  /** Where distances are measured from for a job: its van's workshop, or the custom view's address. */
  originOf: (job: J) => LatLng | null;
}

/** The groups of the tab: the chosen vans in their order, or the fitters of the jobs by name ('Ingen montør' last). */
export function mapGroups(
  jobs: readonly MapJobInput[],
  departments: readonly { id: string; name: string }[],
  grouping: TMapGrouping,
): MapGroup[] {
  if (grouping === 'department') {
    const groups: MapGroup[] = departments.map((d, i) => ({ key: d.id, name: d.name, colour: GROUP_COLOURS[i % GROUP_COLOURS.length]! }));
    // A job of a van not (or no longer) chosen still gets a group of its own.
    for (const job of jobs) {
      if (!groups.some((g) => g.key === job.departmentId)) {
        groups.push({ key: job.departmentId, name: job.departmentName, colour: GROUP_COLOURS[groups.length % GROUP_COLOURS.length]! });
      }
    }
    return groups;
  }
  const fitters = new Map<string, string>();
  for (const job of jobs) if (job.worker !== NO_FITTER && job.worker !== '') fitters.set(job.worker, job.workerName || 'Ukendt montør');
  const named = [...fitters.entries()].sort((a, b) => a[1].localeCompare(b[1], 'da'));
  const groups: MapGroup[] = named.map(([key, name], i) => ({ key, name, colour: GROUP_COLOURS[i % GROUP_COLOURS.length]! }));
  if (jobs.some((j) => j.worker === NO_FITTER || j.worker === ''))
    groups.push({ key: NO_FITTER, name: 'Ingen montør', colour: NO_FITTER_COLOUR });
  return groups;
}

const groupKeyOf = (job: MapJobInput, grouping: TMapGrouping) =>
  grouping === 'department' ? job.departmentId : job.worker === '' ? NO_FITTER : job.worker;

/**
 * The jobs in list order (by group, then day, then start time), numbered 1…n, each with its group colour, its day
 * colour, its place, its marker's place and its distance from where the radius is drawn.
 */
export function buildMapJobs<J extends MapJobInput>(input: BuildMapJobsInput<J>): MapJob<J>[] {
  const groups = mapGroups(input.jobs, input.departments, input.grouping);
  const rank = new Map(groups.map((g, i) => [g.key, i]));
  const ordered = [...input.jobs].sort(
    (a, b) =>
      rank.get(groupKeyOf(a, input.grouping))! - rank.get(groupKeyOf(b, input.grouping))! ||
      a.date.localeCompare(b.date) ||
      (a.from ?? '').localeCompare(b.from ?? '') ||
      a.orderId.localeCompare(b.orderId),
  );
  return ordered.map((job, i) => {
    const day = job.date.slice(0, 10);
    const position = input.positionOf(job.address) ?? null;
    const origin = input.originOf(job);
    const distance = position && origin ? distanceKm(origin, position) : null;
    return {
      job,
      number: i + 1,
      day,
      dayColour: dayColour(day, input.today),
      group: groups[rank.get(groupKeyOf(job, input.grouping))!]!,
      position,
      distanceKm: distance,
      withinRadius: distance === null ? null : distance <= input.radiusKm,
    };
  });
}

export interface VanFacts {
  id: string;
  name: string;
  /** The workshop the van belongs to (empty or the all-zero GUID when none). */
  parentDepartmentId: string;
}

/**
 * The vans the map starts with: the custom view's department (a van, or a workshop's vans), else the vans chosen last
 * time, else the vans of the user's own department, else the first van by name. Never more than 4.
 */
export function defaultVans(
  vans: readonly VanFacts[],
  from: { customDepartmentId?: string | null; stored?: readonly string[] | null; userDepartmentId?: string | null },
): string[] {
  const byName = [...vans].sort((a, b) => a.name.localeCompare(b.name, 'da'));
  const limit = (ids: string[]) => ids.slice(0, MAP_LIMITS.maxDepartments);
  const ofDepartment = (id: string | null | undefined) =>
    id && id !== NO_FITTER ? byName.filter((v) => v.id === id || v.parentDepartmentId === id).map((v) => v.id) : [];

  const custom = ofDepartment(from.customDepartmentId);
  if (custom.length) return limit(custom);
  const stored = (from.stored ?? []).filter((id) => vans.some((v) => v.id === id));
  if (stored.length) return limit(stored);
  const own = ofDepartment(from.userDepartmentId);
  if (own.length) return limit(own);
  return byName.length ? [byName[0]!.id] : [];
}

/**
 * The custom view's address for a job's place: the link the worksheet and the calendar's booking dialog open (here, not
 * beside the view's schema in map.schemas.ts, so a screen with the link does not build that schema).
 */
export function customMapViewPath(view: {
  lat?: number | null;
  lng?: number | null;
  deptId?: string | null;
  addr?: string | null;
}): string {
  const query: [string, string][] = [];
  if (typeof view.lat === 'number' && Number.isFinite(view.lat)) query.push(['lat', String(view.lat)]);
  if (typeof view.lng === 'number' && Number.isFinite(view.lng)) query.push(['lng', String(view.lng)]);
  if (view.deptId) query.push(['deptId', view.deptId]);
  if (view.addr?.trim()) query.push(['addr', view.addr.trim()]);
  query.push(['isCustomMapView', 'true']);
  return `/mobile-service-map?${query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}
