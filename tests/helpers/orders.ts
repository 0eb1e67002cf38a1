import type { FastifyInstance } from 'fastify';
import type { TDayAvailability, TTimeslot } from '@/domain/booking';
import type { TProductGroup } from '@/domain/catalogue';
import type { TDepartment } from '@/domain/departments';
import type { TOrder, TOrderInput } from '@/domain/orders';
import { copenhagenDay } from '@/domain/lib/dates';
import type { TDebitor } from '@/domain/parties';

/** Test helpers that find real demo data through the API and build order bodies, as the client does. */
export async function get<T>(app: FastifyInstance, cookie: string, url: string): Promise<T> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

export async function departmentByCode(app: FastifyInstance, cookie: string, code: string): Promise<TDepartment> {
  const found = (await get<TDepartment[]>(app, cookie, '/api/departments/departments')).find((d) => d.navLocationCode === code);
  if (!found) throw new Error(`no department ${code}`);
  return found;
}

export async function month(
  app: FastifyInstance,
  cookie: string,
  departmentId: string,
  year: number,
  monthNo: number,
): Promise<TDayAvailability[]> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/timeslot/${departmentId}/${year}/${monthNo}`,
    headers: { cookie },
    payload: {},
  });
  if (response.statusCode !== 200) throw new Error(`availability ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface FoundSlot {
  date: string;
  slot: TTimeslot;
}

/** The `skip`-th slot of the kind matching `pick`, from next month on. */
export async function findSlot(
  app: FastifyInstance,
  cookie: string,
  departmentId: string,
  kind: 'windowReplaceSlots' | 'stoneChipSlots',
  pick: (slot: TTimeslot) => boolean = (s) => s.available > 0 && !s.hasFreeCar,
  skip = 0,
): Promise<FoundSlot> {
  const now = new Date();
  let found = 0;
  for (let step = 1; step <= 3; step++) {
    const y = now.getFullYear() + Math.floor((now.getMonth() + step) / 12);
    const m = ((now.getMonth() + step) % 12) + 1;
    for (const day of await month(app, cookie, departmentId, y, m)) {
      for (const slot of day[kind]) {
        if (pick(slot) && found++ === skip) {
          return { date: `${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}T00:00:00`, slot };
        }
      }
    }
  }
  throw new Error('no matching slot in the next three months');
}

/** The first windscreen the catalogue fits to a registered car. */
export async function windscreenFor(app: FastifyInstance, cookie: string, plate: string) {
  const car = await get<TOrder['car']>(app, cookie, `/api/car/search/${plate}`);
  const identity = await get<{ carId: string }>(app, cookie, `/api/car/carid/${car.manuId}/${car.modId}/${car.modelYear}`);
  const groups = await get<TProductGroup[]>(app, cookie, `/api/product/searchitems?carId=${identity.carId}`);
  const windscreen = groups.find((g) => g.name === 'Forrude')?.items[0];
  if (!windscreen) throw new Error(`no windscreen fits ${plate}`);
  return { car, windscreen };
}

export async function insurerDebitor(app: FastifyInstance, cookie: string, name: string): Promise<TDebitor> {
  const [debitor] = await get<TDebitor[]>(app, cookie, `/api/debitor/search/NAME?query=${encodeURIComponent(name)}`);
  if (!debitor) throw new Error(`no debitor ${name}`);
  return debitor;
}

export function orderBody(parts: {
  department: TDepartment;
  found: FoundSlot | null;
  car: TOrder['car'];
  debitor: TDebitor;
  items: Array<{ itemNo: string; amount?: number; itemPrice?: number }>;
  overrides?: Partial<TOrderInput>;
}): TOrderInput {
  const { department, found, car, debitor, items, overrides = {} } = parts;
  return {
    additionalData: { orderType: 'REPLACE_FRONT', orderStatus: 'PROCESSING', whoIsPaying: 'INSURANCE', ...overrides.additionalData },
    timeAndPlace: {
      department: { id: department.id },
      date: found?.date ?? null,
      from: found?.slot.from ?? null,
      to: found?.slot.to ?? null,
      timeSlotId: found?.slot.id,
      ...overrides.timeAndPlace,
    },
    customer: {
      name: 'Jens Jensen',
      address: 'Vestergade 12',
      zipCode: '8000',
      city: 'Aarhus C',
      phone: '22334455',
      email: 'jens.jensen@example.dk',
      allowSms: true,
      allowEmail: true,
      ...overrides.customer,
    },
    debitor: { ...debitor, ...overrides.debitor },
    car: { ...car, ...overrides.car },
    items: items.map((i) => ({ amount: 1, ...i })),
  };
}

/** 'YYYY-MM-DD' in Copenhagen, `days` from today. */
export const dayAhead = (days: number): string => copenhagenDay(new Date(Date.now() + days * 86_400_000));
