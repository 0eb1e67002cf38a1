import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildMapJobs,
  changeConcerns,
  customMapViewPath,
  dayColour,
  DAY_COLOURS,
  dayName,
  defaultVans,
  distanceKm,
  formatDistance,
  GROUP_COLOURS,
  mapDays,
  mapGroups,
  mapZoom,
  NO_FITTER,
  OTHER_DAY_COLOUR,
  fanOutMarkers,
  projectToPixels,
  todayInCopenhagen,
  validRadius,
  type MapJobInput,
} from './map';
import { readCustomMapView } from './map.schemas';

const AARHUS = { lat: 56.1567, lng: 10.2108 };
const COPENHAGEN = { lat: 55.6761, lng: 12.5683 };

describe('distanceKm (haversine, earth radius 6371 km)', () => {
  it('is zero for one place', () => {
    expect(distanceKm(AARHUS, AARHUS)).toBe(0);
  });

  it('gives 1° of latitude as 6371·π/180 km', () => {
    expect(distanceKm({ lat: 56, lng: 10 }, { lat: 57, lng: 10 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
  });

  it('measures Aarhus to Copenhagen as the crow flies (about 157 km), the same both ways', () => {
    const there = distanceKm(AARHUS, COPENHAGEN);
    expect(there).toBeGreaterThan(155);
    expect(there).toBeLessThan(159);
    expect(distanceKm(COPENHAGEN, AARHUS)).toBeCloseTo(there, 9);
  });

  it('uses the great circle: half the equator is π·6371 km', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it('is written in Danish with one decimal', () => {
    expect(formatDistance(12.345)).toBe('12,3 km');
    expect(formatDistance(1234.56)).toBe('1.234,6 km');
  });
});

describe('zoom and radius', () => {
  it('zooms to 8, to 9 with a radius over 30 km, to 11 in the custom view', () => {
    expect(mapZoom(20)).toBe(8);
    expect(mapZoom(30)).toBe(8);
    expect(mapZoom(31)).toBe(9);
    expect(mapZoom(20, true)).toBe(11);
    expect(mapZoom(80, true)).toBe(11);
  });

  it('takes whole km from 1 to 500 only', () => {
    expect(validRadius(20)).toBe(20);
    expect(validRadius(1)).toBe(1);
    expect(validRadius(500)).toBe(500);
    expect(validRadius(0)).toBeNull();
    expect(validRadius(501)).toBeNull();
    expect(validRadius(2.5)).toBeNull();
    expect(validRadius('20')).toBeNull();
  });
});

describe('days', () => {
  it('offers today and the six days after it, across a month end', () => {
    expect(mapDays('2026-01-29')).toEqual([
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      '2026-02-01',
      '2026-02-02',
      '2026-02-03',
      '2026-02-04',
    ]);
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('colours today through +4 days in their own colours, the others grey', () => {
    const today = '2026-05-04';
    expect(mapDays(today).map((d) => dayColour(d, today))).toEqual([...DAY_COLOURS, OTHER_DAY_COLOUR, OTHER_DAY_COLOUR]);
    expect(dayColour('2026-05-03', today)).toBe(OTHER_DAY_COLOUR);
    expect(new Set(DAY_COLOURS).size).toBe(5);
  });

  it('names the days in Danish', () => {
    const today = '2026-05-04'; // a Monday
    expect(mapDays(today).map((d) => dayName(d, today))).toEqual(['I dag', 'I morgen', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag']);
  });

  it("takes today from Copenhagen's clock, not UTC's", () => {
    expect(todayInCopenhagen(new Date('2026-05-04T22:30:00Z'))).toBe('2026-05-05');
    expect(todayInCopenhagen(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
  });
});

describe('live changes', () => {
  const vans = ['van-a', 'van-b'];
  const days = ['2026-05-04', '2026-05-05'];

  it('concern the map when one is a shown van on a shown day', () => {
    expect(changeConcerns([{ departmentId: 'van-b', date: '2026-05-05' }], vans, days)).toBe(true);
    expect(changeConcerns([{ departmentId: 'van-b', date: '2026-05-05T00:00:00' }], vans, days)).toBe(true);
  });

  it('do not concern it for another van or another day', () => {
    expect(changeConcerns([{ departmentId: 'van-c', date: '2026-05-05' }], vans, days)).toBe(false);
    expect(changeConcerns([{ departmentId: 'van-a', date: '2026-05-09' }], vans, days)).toBe(false);
  });

  it('concern it when the server cannot say what changed (an empty list)', () => {
    expect(changeConcerns([], vans, days)).toBe(true);
    // A van's plan changed (its hours or slots): its jobs are read again.
    expect(
      changeConcerns(
        [
          { departmentId: 'van-c', date: '2026-05-05' },
          { departmentId: 'van-b', date: null },
        ],
        vans,
        days,
      ),
    ).toBe(true);
    expect(changeConcerns([{ departmentId: 'van-c', date: null }], vans, days)).toBe(false);
  });
});

describe('projectToPixels (Web Mercator, 256-pixel tiles)', () => {
  it('puts 0°,0° in the middle of the world and doubles with each zoom', () => {
    expect(projectToPixels({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const at8 = projectToPixels(AARHUS, 8);
    const at9 = projectToPixels(AARHUS, 9);
    expect(at9.x).toBeCloseTo(at8.x * 2, 6);
    expect(at9.y).toBeCloseTo(at8.y * 2, 6);
  });

  it('draws north up: a place further north has a smaller y', () => {
    expect(projectToPixels({ lat: 57, lng: 10 }, 8).y).toBeLessThan(projectToPixels({ lat: 56, lng: 10 }, 8).y);
  });
});

describe('fanOutMarkers', () => {
  const drawn = (points: { lat: number; lng: number }[], zoom: number) =>
    fanOutMarkers(points, zoom).map((offset, i) => {
      const own = projectToPixels(points[i]!, zoom);
      return { x: own.x + offset.x, y: own.y + offset.y };
    });
  const apart = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

  it('leaves markers that do not cover each other where they are', () => {
    expect(fanOutMarkers([AARHUS, COPENHAGEN], 8)).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it('keeps the first of a shared place and puts the others on a ring round it, every marker clear of the others', () => {
    const points = [AARHUS, AARHUS, AARHUS, AARHUS, COPENHAGEN];
    const offsets = fanOutMarkers(points, 8);
    expect(offsets[0]).toEqual({ x: 0, y: 0 });
    expect(offsets[4]).toEqual({ x: 0, y: 0 });
    const at = drawn(points, 8);
    for (let i = 0; i < at.length; i++) for (let j = i + 1; j < at.length; j++) expect(apart(at[i]!, at[j]!)).toBeGreaterThanOrEqual(38);
  });

  it('gathers markers that are apart on the ground but would cover each other at this zoom, and not zoomed in', () => {
    const near = { lat: AARHUS.lat + 0.01, lng: AARHUS.lng };
    expect(fanOutMarkers([AARHUS, near], 8)[1]).not.toEqual({ x: 0, y: 0 });
    expect(fanOutMarkers([AARHUS, near], 14)).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 0 },
    ]);
  });

  it('makes the ring wider for a crowd, so twenty markers on one point are still 38 px apart', () => {
    const points = Array.from({ length: 20 }, () => AARHUS);
    const at = drawn(points, 8);
    for (let i = 1; i < at.length; i++) expect(apart(at[i]!, at[(i % (at.length - 1)) + 1]!)).toBeGreaterThanOrEqual(37.9);
  });
});

/** A query string's values, as the screen reads them. */
const query = (text: string) => Object.fromEntries(new URLSearchParams(text).entries());

describe('custom view', () => {
  const VAN = '2f1b7c1e-8d8e-4b57-9a51-7f2f7c3b9a10';

  it('reads lat, lng, deptId and addr when isCustomMapView is true', () => {
    const view = readCustomMapView(
      query(`lat=56.15&lng=10.2&deptId=${VAN}&addr=Vestergade%2012%2C%208000%20Aarhus%20C&isCustomMapView=true`),
    );
    expect(view).toEqual({ isCustomMapView: 'true', lat: 56.15, lng: 10.2, deptId: VAN, addr: 'Vestergade 12, 8000 Aarhus C' });
  });

  it('is no custom view without isCustomMapView=true', () => {
    expect(readCustomMapView(query('lat=56&lng=10'))).toBeNull();
    expect(readCustomMapView(query('lat=56&lng=10&isCustomMapView=false'))).toBeNull();
  });

  it('leaves out values it cannot read instead of failing', () => {
    const view = readCustomMapView(query(`lat=&lng=999&deptId=nope&addr=${'x'.repeat(300)}&isCustomMapView=true`));
    expect(view).toEqual({ isCustomMapView: 'true', lat: undefined, lng: undefined, deptId: undefined, addr: undefined });
    expect(readCustomMapView(query('lat=1e3&lng=0x10&isCustomMapView=true'))).toMatchObject({ lat: undefined, lng: undefined });
  });

  it('builds the link the worksheet and the booking dialog open, and reads it back', () => {
    const path = customMapViewPath({ lat: 56.1, lng: 10.2, deptId: VAN, addr: ' Søndergade 3, 8000 Aarhus C ' });
    expect(path.startsWith('/mobile-service-map?')).toBe(true);
    expect(readCustomMapView(query(path.split('?')[1]!))).toEqual({
      isCustomMapView: 'true',
      lat: 56.1,
      lng: 10.2,
      deptId: VAN,
      addr: 'Søndergade 3, 8000 Aarhus C',
    });
    expect(customMapViewPath({ addr: 'Vejle' })).toBe('/mobile-service-map?addr=Vejle&isCustomMapView=true');
  });
});

describe('buildMapJobs', () => {
  const VAN_A = { id: 'van-a', name: 'Mobilservice Aarhus' };
  const VAN_B = { id: 'van-b', name: 'Mobilservice Vejle' };
  const job = (orderId: string, over: Partial<MapJobInput> = {}): MapJobInput => ({
    orderId,
    departmentId: VAN_A.id,
    departmentName: VAN_A.name,
    date: '2026-05-04T00:00:00',
    from: '2026-05-04T08:00:00',
    worker: NO_FITTER,
    workerName: '',
    address: `Adresse ${orderId}`,
    ...over,
  });
  const places: Record<string, { lat: number; lng: number } | null> = {
    'Adresse 1': { lat: 56.2, lng: 10.2 },
    'Adresse 2': { lat: 56.2, lng: 10.2 },
    'Adresse 3': null,
  };
  const base = {
    departments: [VAN_A, VAN_B],
    today: '2026-05-04',
    radiusKm: 20,
    positionOf: (address: string) => (address in places ? places[address] : { lat: 55.7, lng: 9.5 }),
    originOf: () => AARHUS,
  };

  it('numbers the jobs by van, then day, then time, in the vans’ colours and the days’ colours', () => {
    const jobs = [
      job('4', { departmentId: VAN_B.id, departmentName: VAN_B.name }),
      job('2', { date: '2026-05-05T00:00:00', from: '2026-05-05T08:00:00' }),
      job('1', { from: '2026-05-04T12:00:00' }),
      job('0', { from: '2026-05-04T07:00:00' }),
    ];
    const built = buildMapJobs({ ...base, jobs, grouping: 'department' });
    expect(built.map((j) => [j.number, j.job.orderId, j.group.name])).toEqual([
      [1, '0', 'Mobilservice Aarhus'],
      [2, '1', 'Mobilservice Aarhus'],
      [3, '2', 'Mobilservice Aarhus'],
      [4, '4', 'Mobilservice Vejle'],
    ]);
    expect(built.map((j) => j.group.colour)).toEqual([GROUP_COLOURS[0], GROUP_COLOURS[0], GROUP_COLOURS[0], GROUP_COLOURS[1]]);
    expect(built.map((j) => j.dayColour)).toEqual([DAY_COLOURS[0], DAY_COLOURS[0], DAY_COLOURS[1], DAY_COLOURS[0]]);
  });

  it('measures each job from its origin and tells whether it is inside the radius', () => {
    const built = buildMapJobs({ ...base, jobs: [job('1'), job('9')], grouping: 'department' });
    expect(built[0]!.distanceKm).toBeCloseTo(distanceKm(AARHUS, { lat: 56.2, lng: 10.2 }), 9);
    expect(built[0]!.withinRadius).toBe(true);
    expect(built[1]!.distanceKm).toBeGreaterThan(20);
    expect(built[1]!.withinRadius).toBe(false);
  });

  it('gives a job whose address was not found no marker and no distance', () => {
    const [notFound] = buildMapJobs({ ...base, jobs: [job('3')], grouping: 'department' });
    expect(notFound).toMatchObject({ position: null, distanceKm: null, withinRadius: null });
  });

  it('gives jobs found on one point the same place and the same distance', () => {
    const [first, second] = buildMapJobs({ ...base, jobs: [job('1'), job('2', { from: '2026-05-04T09:00:00' })], grouping: 'department' });
    expect(first!.position).toEqual(second!.position);
    expect(second!.distanceKm).toBe(first!.distanceKm);
  });

  it('groups by fitter in the Montør tab: fitters by name, jobs without one last as Ingen montør', () => {
    const jobs = [
      job('1', { worker: 'w-ole', workerName: 'Ole Pedersen' }),
      job('2'),
      job('3', { worker: 'w-ane', workerName: 'Anne Hansen' }),
      job('4', { worker: 'w-ole', workerName: 'Ole Pedersen', departmentId: VAN_B.id, departmentName: VAN_B.name }),
    ];
    const built = buildMapJobs({ ...base, jobs, grouping: 'fitter' });
    expect(built.map((j) => [j.job.orderId, j.group.name])).toEqual([
      ['3', 'Anne Hansen'],
      ['1', 'Ole Pedersen'],
      ['4', 'Ole Pedersen'],
      ['2', 'Ingen montør'],
    ]);
    expect(mapGroups(jobs, [VAN_A], 'fitter').map((g) => g.name)).toEqual(['Anne Hansen', 'Ole Pedersen', 'Ingen montør']);
  });

  it('gives a job of a van that is not chosen a group of its own', () => {
    const groups = mapGroups([job('1', { departmentId: 'van-x', departmentName: 'Mobilservice Odense' })], [VAN_A], 'department');
    expect(groups.map((g) => g.name)).toEqual(['Mobilservice Aarhus', 'Mobilservice Odense']);
    expect(groups[1]!.colour).toBe(GROUP_COLOURS[1]);
  });
});

describe('defaultVans', () => {
  const WORKSHOP_ARH = 'ws-arh';
  const vans = [
    { id: 'van-vej', name: 'Mobilservice Vejle', parentDepartmentId: 'ws-vej' },
    { id: 'van-arh', name: 'Mobilservice Aarhus', parentDepartmentId: WORKSHOP_ARH },
    { id: 'van-arh2', name: 'Mobilservice Aarhus Nord', parentDepartmentId: WORKSHOP_ARH },
    { id: 'van-aal', name: 'Mobilservice Aalborg', parentDepartmentId: 'ws-aal' },
  ];

  it("starts the custom view with its van, or its workshop's vans", () => {
    expect(defaultVans(vans, { customDepartmentId: 'van-vej', stored: ['van-aal'] })).toEqual(['van-vej']);
    expect(defaultVans(vans, { customDepartmentId: WORKSHOP_ARH })).toEqual(['van-arh', 'van-arh2']);
  });

  it('keeps the vans chosen last time that still exist', () => {
    expect(defaultVans(vans, { stored: ['gone', 'van-aal', 'van-vej'], userDepartmentId: WORKSHOP_ARH })).toEqual(['van-aal', 'van-vej']);
  });

  it("otherwise takes the vans of the user's department, else the first van by name", () => {
    expect(defaultVans(vans, { stored: ['gone'], userDepartmentId: WORKSHOP_ARH })).toEqual(['van-arh', 'van-arh2']);
    // In Danish order 'Aa' is 'Å', after Vejle.
    expect(defaultVans(vans, { userDepartmentId: NO_FITTER })).toEqual(['van-vej']);
    expect(defaultVans([], {})).toEqual([]);
  });

  it('never starts with more than 4', () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ id: `v${i}`, name: `Van ${i}`, parentDepartmentId: 'ws' }));
    expect(defaultVans(many, { customDepartmentId: 'ws' })).toHaveLength(4);
  });
});
