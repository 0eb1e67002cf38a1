/**
 * `node --import tsx scripts/generate-data.ts [--orders N] [--products N] [--departments N] [--force] [--data-dir DIR]`
 *
 * Fills a database with a large, realistic data set for performance work: by default 40 departments,
 * 50,000 products and 1,000,000 orders (1–3 lines each) spread over two years around today, so the
 * trigram, plate and date indexes carry a realistic load. It works on DATABASE_URL, or else on a fresh
 * embedded PostgreSQL in DIR (a new temporary directory by default, kept afterwards so the app can be
 * started on it with DATA_DIR). Migrations and the demo seed come first; everything else is generated
 * in SQL (INSERT … SELECT over generate_series), in batches, with progress on the console.
 *
 * It fills "up to" the sizes: what is there already counts. A database with more than 10,000 orders is
 * refused unless --force, so the generator is not run on real data (or twice) by mistake.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { danishPublicHolidays } from '@/domain/booking';
import { copenhagenParts } from '@/domain/lib/dates';
import { connectDatabase } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { FIRST_NAMES, LAST_NAMES } from '@/server/db/seed/reference/people';
import { seedDemoIfEmpty } from '@/server/db/seed/seed-demo';

export interface DataSizes {
  departments: number;
  products: number;
  orders: number;
}

export const DEFAULT_SIZES: DataSizes = { departments: 40, products: 50_000, orders: 1_000_000 };

/** Above this many orders the database is taken to hold real (or already generated) data. */
export const REFUSE_ABOVE_ORDERS = 10_000;

export interface GenerateOptions {
  /** Generate even when the database already has more than REFUSE_ABOVE_ORDERS orders. */
  force?: boolean;
  log?: (message: string) => void;
  /** "Today"; orders are spread around it. */
  now?: Date;
}

export type RowCounts = Record<
  'departments' | 'time_slots' | 'products' | 'product_car_fits' | 'stock' | 'vehicles' | 'orders' | 'order_items',
  number
>;

/** Orders are spread from this many days back … */
const DAYS_BACK = 640;
/** … to this many days ahead (bookings thin out with distance). */
const DAYS_AHEAD = 90;
const ORDER_BATCH = 100_000;
/** Share of orders on a car of the local registry (the plates the look-up knows): those plates get many orders. */
const REGISTERED_SHARE = 0.03;
/** Orders that grow out of others (extra sale, complaints): on the original visit, without a slot. */
const FOLLOW_UP_SHARE = 0.03;
/**
 * Stone-chip slots are many and short; past stone-chip places are filled at this fraction of the rate of
 * window places, so about a third of the orders are repairs, as in the demo data.
 */
const CHIP_WEIGHT = 0.4;

/** Real Danish towns without a demo shop, for the synthetic departments. */
const TOWNS: ReadonlyArray<{
  name: string;
  code: string;
  zip: string;
  region: 'Jylland' | 'Fyn' | 'Sjaelland';
  center: string;
  lat: number;
  lng: number;
}> = [
  { name: 'Frederikshavn', code: 'FRH', zip: '9900', region: 'Jylland', center: 'NORDJYLLAND', lat: 57.441, lng: 10.537 },
  { name: 'Thisted', code: 'THI', zip: '7700', region: 'Jylland', center: 'NORDJYLLAND', lat: 56.955, lng: 8.694 },
  { name: 'Skive', code: 'SKI', zip: '7800', region: 'Jylland', center: 'MIDTJYLLAND', lat: 56.566, lng: 9.027 },
  { name: 'Holstebro', code: 'HST', zip: '7500', region: 'Jylland', center: 'MIDTJYLLAND', lat: 56.36, lng: 8.616 },
  { name: 'Ringkøbing', code: 'RKB', zip: '6950', region: 'Jylland', center: 'MIDTJYLLAND', lat: 56.09, lng: 8.244 },
  { name: 'Haderslev', code: 'HAD', zip: '6100', region: 'Jylland', center: 'SYDJYLLAND', lat: 55.249, lng: 9.488 },
  { name: 'Aabenraa', code: 'ABR', zip: '6200', region: 'Jylland', center: 'SYDJYLLAND', lat: 55.044, lng: 9.418 },
  { name: 'Fredericia', code: 'FRC', zip: '7000', region: 'Jylland', center: 'SYDJYLLAND', lat: 55.565, lng: 9.752 },
  { name: 'Nyborg', code: 'NYB', zip: '5800', region: 'Fyn', center: 'FYN', lat: 55.312, lng: 10.79 },
  { name: 'Holbæk', code: 'HBK', zip: '4300', region: 'Sjaelland', center: 'SJAELLAND', lat: 55.717, lng: 11.713 },
  { name: 'Kalundborg', code: 'KAL', zip: '4400', region: 'Sjaelland', center: 'SJAELLAND', lat: 55.68, lng: 11.089 },
  { name: 'Nykøbing Falster', code: 'NYF', zip: '4800', region: 'Sjaelland', center: 'SJAELLAND', lat: 54.769, lng: 11.874 },
  { name: 'Helsingør', code: 'HEL', zip: '3000', region: 'Sjaelland', center: 'STORKOEBENHAVN', lat: 56.036, lng: 12.611 },
  { name: 'Lyngby', code: 'LYN', zip: '2800', region: 'Sjaelland', center: 'STORKOEBENHAVN', lat: 55.77, lng: 12.503 },
  { name: 'Ballerup', code: 'BAL', zip: '2750', region: 'Sjaelland', center: 'STORKOEBENHAVN', lat: 55.731, lng: 12.363 },
  { name: 'Grenaa', code: 'GRE', zip: '8500', region: 'Jylland', center: 'MIDTJYLLAND', lat: 56.416, lng: 10.878 },
  { name: 'Skanderborg', code: 'SKB', zip: '8660', region: 'Jylland', center: 'MIDTJYLLAND', lat: 56.034, lng: 9.93 },
  { name: 'Assens', code: 'ASS', zip: '5610', region: 'Fyn', center: 'FYN', lat: 55.27, lng: 9.9 },
  { name: 'Faaborg', code: 'FAA', zip: '5600', region: 'Fyn', center: 'FYN', lat: 55.095, lng: 10.242 },
  { name: 'Ringsted', code: 'RIN', zip: '4100', region: 'Sjaelland', center: 'SJAELLAND', lat: 55.443, lng: 11.79 },
];

const STREETS = [
  'Vestergade',
  'Østergade',
  'Nørregade',
  'Søndergade',
  'Skolevej',
  'Kirkevej',
  'Møllevej',
  'Parkvej',
  'Birkevej',
  'Ahornvej',
  'Engvej',
  'Skovvej',
  'Stationsvej',
  'Strandvejen',
  'Bakkevej',
  'Industrivej',
  'Lærkevej',
  'Bøgevej',
];
const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.dk', 'live.dk', 'mail.dk', 'yahoo.dk', 'icloud.com', 'jubii.dk', 'privat.dk'];
const WINDOW_MAKERS = ['XYG', 'SAINT_GOBAIN', 'AGC', 'PILKINGTON', 'FUYAO', 'NORDGLASS', 'OE_LOGO_RUDER', 'OTHER'];

const pad2 = (n: number) => String(n).padStart(2, '0');

function ymdOf(date: Date): string {
  const p = copenhagenParts(date);
  return `${p.year}-${pad2(p.month)}-${pad2(p.day)}`;
}

function addDays(ymd: string, days: number): string {
  const d = new Date(`${ymd}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function count(client: pg.Client, table: string): Promise<number> {
  const result = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
  return Number(result.rows[0]!.n);
}

export async function rowCounts(client: pg.Client): Promise<RowCounts> {
  const tables = ['departments', 'time_slots', 'products', 'product_car_fits', 'stock', 'vehicles', 'orders', 'order_items'] as const;
  const counts = {} as RowCounts;
  for (const table of tables) counts[table] = await count(client, table);
  return counts;
}

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

// ---------------------------------------------------------------------------
// Departments

async function generateDepartments(client: pg.Client, wanted: number, log: (m: string) => void): Promise<void> {
  const have = await count(client, 'departments');
  if (have >= wanted) return;
  const started = performance.now();
  const codes = new Set(
    (await client.query<{ code: string }>('select nav_location_code as code from departments')).rows.map((r) => r.code),
  );
  const towns = TOWNS.filter((t) => !codes.has(t.code));
  const extra = Array.from({ length: wanted - have }, (_, i) => {
    const town = towns[i];
    if (town) return town;
    const n = i - towns.length + 1;
    return {
      name: `Afdeling ${n}`,
      code: `AFD${n}`,
      zip: '8000',
      region: 'Jylland' as const,
      center: 'MIDTJYLLAND',
      lat: 56.15,
      lng: 10.2,
    };
  });
  const column = <K extends keyof (typeof extra)[number]>(key: K) => extra.map((t) => t[key]);

  await client.query('begin');
  // Each new department copies a demo workshop (round robin): its settings, opening hours and slots.
  await client.query(
    `create temp table gen_dep_map on commit drop as
     with templates as (
       select id, row_number() over (order by nav_location_code) - 1 as t
       from departments where not mobile_service and not in_active and parent_department_id is null
     ), towns as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[])
         with ordinality as x(name, code, zip, region, center, lat, lng, n)
     )
     select gen_random_uuid() as id, tp.id as template_id, towns.*,
            ((select coalesce(max(no::int), 90000) from debitors where kind = 'DEPARTMENT' and no ~ '^9[0-9]{4}$') + towns.n)::text as debitor_no,
            coalesce((select city from zip_codes where zip_code = towns.zip), towns.name) as city
     from towns join templates tp on tp.t = (towns.n - 1) % (select count(*) from templates)`,
    [column('name'), column('code'), column('zip'), column('region'), column('center'), column('lat'), column('lng')],
  );
  await client.query(
    `insert into debitors (no, name, address, zip_code, city, phone, email, kind)
     select m.debitor_no, 'Rudeplan ' || m.name || ' – kontant', 'Industrivej ' || (10 + m.n * 3), m.zip, m.city,
            (70000000 + m.n * 104729 % 9999999)::text, lower(m.code) || '@rudeplan.dk', 'DEPARTMENT'
     from gen_dep_map m`,
  );
  await client.query(
    `insert into departments (id, name, address, zip_code, city, obs, phone, department_email, mobile_service, lat, lng,
       nav_location_code, nav_responsibility_center, nav_birth_location_code, debitor_no, window_change_time_offset,
       stone_chip_time_offset, has_waiting_list, warehouse_email_list, region, delivering_days, next_day_delivery_time,
       daily_delivery_time, coffee, loan_car, wifi, in_active, max_number_of_workers)
     select m.id, m.name, 'Industrivej ' || (10 + m.n * 3), m.zip, m.city, '', (70000000 + m.n * 104729 % 9999999)::text,
            lower(m.code) || '@rudeplan.dk', false, m.lat, m.lng, m.code, m.center, m.code, m.debitor_no,
            t.window_change_time_offset, t.stone_chip_time_offset, t.has_waiting_list, t.warehouse_email_list, m.region,
            t.delivering_days, t.next_day_delivery_time, t.daily_delivery_time, t.coffee, false, t.wifi, false, t.max_number_of_workers
     from gen_dep_map m join departments t on t.id = m.template_id`,
  );
  await client.query(
    `insert into department_opening_hours (department_id, day, date, "from", "to", closed)
     select m.id, h.day, h.date, h."from", h."to", h.closed
     from gen_dep_map m join department_opening_hours h on h.department_id = m.template_id`,
  );
  // Date-specific slots point to the standard slot they replace: map the template's ids to the copies'.
  await client.query(
    `create temp table gen_slot_map on commit drop as
     select s.id as template_slot_id, m.id as department_id, gen_random_uuid() as id
     from gen_dep_map m join time_slots s on s.department_id = m.template_id`,
  );
  await client.query(
    `insert into time_slots (id, department_id, type, day, date, "from", "to", max_bookings, reperation_time,
       stone_chip_alternative_win_replace, has_free_car, original_id)
     select sm.id, sm.department_id, s.type, s.day, s.date, s."from", s."to", s.max_bookings, s.reperation_time,
            s.stone_chip_alternative_win_replace, s.has_free_car, orig.id
     from gen_slot_map sm
     join time_slots s on s.id = sm.template_slot_id
     left join gen_slot_map orig on orig.template_slot_id = s.original_id and orig.department_id = sm.department_id`,
  );
  await client.query(
    `insert into stock_locations (code, name, department_id, kind)
     select m.code, m.name || ' afdeling', m.id, 'DEPARTMENT' from gen_dep_map m on conflict do nothing`,
  );
  await client.query('commit');
  log(`Departments: +${extra.length} (copies of the demo workshops' hours and slots) in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------
// Products

async function generateProducts(client: pg.Client, wanted: number, log: (m: string) => void): Promise<void> {
  const have = await count(client, 'products');
  if (have >= wanted) return;
  const started = performance.now();
  const first = (
    await client.query<{ n: number }>(
      `select coalesce(max(substring(no from 2)::int), 200000) + 1 as n from products where no ~ '^[FSBTA][0-9]{6}$'`,
    )
  ).rows[0]!.n;
  const last = first + (wanted - have) - 1;

  await client.query('begin');
  // One row per new product: its group (by share), the car model it is made for and a model of the same make it also fits.
  await client.query(
    `create temp table gen_car_models on commit drop as
     select m.model_id, m.name as model, mk.name as make, m.year_from, m.year_to,
            (row_number() over (order by m.model_id) - 1)::int as idx,
            coalesce(lead(m.model_id) over (partition by m.manu_id order by m.model_id), lag(m.model_id) over (partition by m.manu_id order by m.model_id)) as sibling_id
     from car_models m join car_makes mk on mk.manu_id = m.manu_id`,
  );
  await client.query(
    `create temp table gen_products on commit drop as
     select i, gen_random_uuid() as id, g.grp, m.model_id, m.sibling_id, m.make, m.model,
            (floor(random() * 5))::int as v, (floor(random() * 6))::int as side,
            lpad(((m.model_id * 37) % 9000 + 1000)::text, 4, '0') as euro_base,
            (array['A','B','C','D','E','F','G','H','J','K','L','M','N','P'])[1 + (i % 14)] as euro_rev
     from generate_series($1::int, $2::int) as i
     cross join lateral (select case when i % 100 < 34 then 'Forrude' when i % 100 < 70 then 'Siderude'
                                     when i % 100 < 86 then 'Bagrude' when i % 100 < 92 then 'Tagrude' else 'Tilbehør' end as grp) g
     join gen_car_models m on m.idx = (i::bigint * 7919) % (select count(*) from gen_car_models)`,
    [first, last],
  );
  await client.query(
    `insert into products (id, no, name, description, description2, description3, description4, group_id, list_price_ore,
       item_type, two_person_job, is_vin_item, material, oe_number, euro_code, oes, same_as, agc, oem, autoversap_code, nags,
       aw, instruction_url)
     select p.id, x.no, x.name, x.description, x.description2, x.description3, x.description4, pg.id, x.price,
            case when p.grp = 'Tilbehør' then 2 else 0 end,
            p.grp = 'Tagrude' or (p.grp = 'Forrude' and p.v = 3),
            p.grp = 'Forrude' and p.v >= 2,
            case when p.grp in ('Forrude', 'Tagrude') then 'Lamineret' when p.grp = 'Tilbehør' then '' else 'Hærdet' end,
            x.oe, x.euro, x.oes, case when random() < 0.3 and x.euro <> '' then left(x.euro, -1) || 'Z' else '' end,
            x.agc, replace(replace(x.oe, ' ', ''), '-', ''), x.autoversap, x.nags, x.aw,
            case when p.grp = 'Forrude' then 'https://instruktioner.rudeplan.dk/' || x.euro || '.pdf' else '' end
     from gen_products p
     join product_groups pg on pg.name = p.grp
     cross join lateral (
       select
         (case p.grp when 'Forrude' then 'F' when 'Siderude' then 'S' when 'Bagrude' then 'B' when 'Tagrude' then 'T' else 'A' end) || p.i as no,
         case p.grp
           when 'Forrude' then 'Forrude ' || p.make || ' ' || p.model || (array['', ' m/regnsensor', ' m/regnsensor og kamera', ' m/HUD, regnsensor og kamera', ' m/varme, regnsensor og kamera'])[p.v + 1]
           when 'Siderude' then 'Siderude ' || p.make || ' ' || p.model || ' ' || (array['fordør venstre', 'fordør højre', 'bagdør venstre', 'bagdør højre', 'bagerste siderude venstre', 'bagerste siderude højre'])[p.side + 1]
           when 'Bagrude' then 'Bagrude ' || p.make || ' ' || p.model || (array['', ' m/varme', ' m/varme og antenne', ' m/varme og viskerhul', ' m/varme, antenne og viskerhul'])[p.v + 1]
           when 'Tagrude' then 'Tagrude ' || p.make || ' ' || p.model || (array[' panorama', ' soltag', ' panorama m/solgardin', ' glastag', ' panorama, todelt'])[p.v + 1]
           else (array['Viskerblade sæt ', 'Viskerblad bagrude ', 'Gelpude til regnsensor ', 'Spejlbeslag til limning ', 'Forrudeliste '])[p.v + 1] || (350 + (p.i % 45) * 10) || ' mm'
         end as name,
         case when p.grp = 'Tilbehør' then '' when p.v = 1 then 'Grøn tonet m/ blåt solbånd' when p.v = 4 and p.grp <> 'Forrude' then 'Mørk tonet (privacy)' else 'Grøn tonet' end as description,
         case p.grp
           when 'Forrude' then (array['Uden sensor', 'Regnsensor', 'Regnsensor og kamera (ADAS)', 'Head-up display, regnsensor og kamera (ADAS)', 'Elopvarmet, regnsensor og kamera (ADAS)'])[p.v + 1]
           when 'Siderude' then (array['5-dørs', '3-dørs', 'Stationcar', 'Varebil'])[1 + p.v % 4]
           when 'Tagrude' then 'Grå tonet, UV- og IR-reflekterende'
           else '' end as description2,
         case p.grp when 'Forrude' then 'VIN-vindue, spejlbeslag og liste' when 'Siderude' then 'Hærdet glas' when 'Tagrude' then 'Leveres uden solgardin' else '' end as description3,
         case when p.grp = 'Forrude' and p.v >= 2 then 'Kræver kalibrering af kamera efter montering' when p.grp = 'Tagrude' then 'Monteres af to personer' when p.grp = 'Tilbehør' then '' else 'Passer til ' || p.model end as description4,
         (round(case p.grp when 'Forrude' then 2500 + random() * 6500 when 'Siderude' then 800 + random() * 800
            when 'Bagrude' then 1500 + random() * 2500 when 'Tagrude' then 5000 + random() * 7000 else 50 + random() * 850 end * 2) * 50)::int as price,
         case when p.grp = 'Tilbehør' then '' else p.euro_base || case p.grp
           when 'Forrude' then (array['AGNV', 'AGNMVZ', 'AGSMVZ1', 'AGSHMVZ6', 'AGNHMVZ1'])[p.v + 1]
           when 'Siderude' then (array['LGS5FD', 'RGS5FD', 'LGS5RD', 'RGS5RD', 'LGS5RQ', 'RGS5RQ'])[p.side + 1]
           when 'Bagrude' then (array['BGS', 'BGSH', 'BGSHA', 'BGSHW', 'BGSHAW'])[p.v + 1]
           else (array['TGSPAN', 'TGSS', 'TGSPANS', 'TGSG', 'TGSPAN2'])[p.v + 1] end || p.euro_rev end as euro,
         case when p.grp = 'Tilbehør' then '' else upper(substr(md5(p.i::text), 1, 3)) || ' ' || (array['845011', '845201', '845051', '877071'])[1 + p.i % 4] || ' ' || upper(substr(md5(p.i::text || 'r'), 1, 2)) end as oe,
         case when p.grp = 'Tilbehør' then '' else (array['SEK', 'PIL', 'AGC', 'FUY', 'XYG', 'SAF'])[1 + p.i % 6] || lpad((floor(random() * 1e6))::int::text, 6, '0') end as oes,
         case when p.grp = 'Tilbehør' then '' else (case p.grp when 'Forrude' then 'W' when 'Tagrude' then 'T' when 'Bagrude' then 'B' else 'D' end) || lpad((floor(random() * 1e5))::int::text, 5, '0') end as agc,
         case when p.grp = 'Tilbehør' then '' else '1' || lpad((floor(random() * 1e7))::int::text, 7, '0') end as autoversap,
         case when p.grp = 'Tilbehør' then '' else (case p.grp when 'Forrude' then 'FW0' when 'Tagrude' then 'RW5' when 'Bagrude' then 'DB0' else 'FD' end)
           || lpad((floor(random() * 1e5))::int::text, 5, '0') || (array['GTN', 'GTY', 'GBN', 'GBYN'])[1 + p.i % 4] end as nags,
         case when p.grp = 'Tilbehør' then '' else lpad((floor(random() * 1e6))::int::text, 6, '0') end as aw
     ) x`,
  );
  log(`Products: +${last - first + 1} in ${seconds(started)}`);
  // Glass fits its model (and often a sister model of the make) over the model's years; accessories fit every car.
  await client.query(
    `insert into product_car_fits (product_id, model_id, year_from, year_to)
     select p.id, m.model_id, m.year_from, m.year_to from gen_products p join car_models m on m.model_id = p.model_id where p.grp <> 'Tilbehør'
     union all
     select p.id, m.model_id, m.year_from, m.year_to from gen_products p join car_models m on m.model_id = p.sibling_id
     where p.grp <> 'Tilbehør' and p.sibling_id <> p.model_id and p.i % 5 < 2`,
  );
  // Most glass is in stock somewhere: one to three locations.
  await client.query(
    `insert into stock_movements (product_id, location_code, quantity, bin_code, kind, created_by)
     select p.id, l.code, (floor(random() * 6))::int, '', 'OPENING', 'SYSTEM'
     from gen_products p
     cross join lateral (select code from stock_locations where kind <> 'TRANSIT' order by md5(code || p.i::text) limit 1 + p.i % 3) l
     where p.i % 10 < 6`,
  );
  await client.query('commit');
  log(`Product fits and stock in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------
// Orders

interface IndexDef {
  table: string;
  name: string;
  definition: string;
}

/** The secondary indexes of the order tables (not those behind a constraint): dropped for the load, built again after. */
async function secondaryIndexes(client: pg.Client): Promise<IndexDef[]> {
  const result = await client.query<{ table: string; name: string; definition: string }>(
    `select i.tablename as table, i.indexname as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in ('orders', 'order_items')
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  return result.rows;
}

async function generateOrders(client: pg.Client, wanted: number, today: string, log: (m: string) => void): Promise<void> {
  const have = await count(client, 'orders');
  const total = wanted - have;
  if (total <= 0) return;
  const started = performance.now();
  const from = addDays(today, -DAYS_BACK);
  const to = addDays(today, DAYS_AHEAD);
  const years = Array.from(new Set([from, today, to].map((d) => Number(d.slice(0, 4)))));
  const holidays = [];
  for (let y = years[0]!; y <= years.at(-1)!; y++) holidays.push(...danishPublicHolidays(y));

  await client.query('begin');
  // Every slot on every open day in the range: the date's own slots where it has any, else the weekday's.
  await client.query(
    `create temp table gen_slot_days on commit drop as
     with days as (
       select d::date as day, extract(dow from d)::int as dow from generate_series($1::date, $2::date, interval '1 day') d
       where d::date <> all($3::date[])
     )
     select s.id as slot_id, s.department_id, s.type, g.day, s."from" as f, s."to" as t, s.max_bookings as mb
     from days g
     join time_slots s on s.date is null and s.day = g.dow
     join departments d on d.id = s.department_id and not d.in_active
     where not exists (select 1 from time_slots x where x.department_id = s.department_id and x.type = s.type and x.date = g.day)
       and exists (select 1 from department_opening_hours h where h.department_id = s.department_id and h.day = g.dow and not h.closed)
       and not exists (select 1 from department_opening_hours h where h.department_id = s.department_id and h.date = g.day and h.closed)
     union all
     select s.id, s.department_id, s.type, s.date, s."from", s."to", s.max_bookings
     from time_slots s join departments d on d.id = s.department_id and not d.in_active
     where s.date between $1::date and $2::date and s.max_bookings > 0
       and not exists (select 1 from department_opening_hours h where h.department_id = s.department_id and h.date = s.date and h.closed)`,
    [from, to, holidays],
  );
  // Coming days are booked less the further ahead they are (about 60 % tomorrow, 30 % in three weeks);
  // scaled down when few orders are asked for, so the past still has most of them.
  const ahead = (
    await client.query<{ expected: number; past: number }>(
      `select coalesce(sum(mb * 0.65 * exp(-(day - $1::date) / 30.0)) filter (where day >= $1::date), 0)::float8 as expected,
            coalesce(sum(mb * case when type = 'STONE_CHIP' then ${CHIP_WEIGHT} else 1 end) filter (where day < $1::date), 0)::float8 as past
     from gen_slot_days`,
      [today],
    )
  ).rows[0]!;
  const futureScale = Math.min(1, (0.25 * total) / Math.max(1, ahead.expected));
  await client.query(
    `create temp table gen_places on commit drop as
     select slot_id, department_id, type, day, f, t from gen_slot_days sd
     cross join lateral generate_series(1, sd.mb) n
     where sd.day >= $1::date and random() < $2::float8 * 0.65 * exp(-(sd.day - $1::date) / 30.0)`,
    [today, futureScale],
  );
  const future = await count(client, 'gen_places');
  const pastWanted = total - future;
  // The past fills its slots evenly; with many orders on few departments that is more than their capacity,
  // as history from a busier time would be.
  const fill = (pastWanted / Math.max(1, ahead.past)) * 1.02;
  await client.query(
    `insert into gen_places
     select slot_id, department_id, type, day, f, t from (
       select sd.* from gen_slot_days sd
       cross join lateral generate_series(1, floor(sd.mb * case when sd.type = 'STONE_CHIP' then ${CHIP_WEIGHT} else 1 end * $2::float8 + random())::int) n
       where sd.day < $1::date
       order by random() limit $3::int
     ) x`,
    [today, fill, pastWanted],
  );
  log(`Order places: ${future} booked ahead, ${pastWanted} in the past (fill ${fill.toFixed(2)} × slot capacity) in ${seconds(started)}`);

  // The cars: a few plates of the local registry get many orders; others are synthetic, a plate per
  // customer and car (some customers come back).
  await client.query(
    `create temp table gen_vehicles on commit drop as
     select (row_number() over (order by registration_number) - 1)::int as idx, registration_number, model_id, model_year
     from vehicles where model_id is not null`,
  );
  await client.query(
    `create temp table gen_models on commit drop as
     select (row_number() over (order by model_id) - 1)::int as idx, model_id, year_from / 100 as y0,
            case when year_to = 0 then extract(year from $1::date)::int else year_to / 100 end as y1
     from car_models`,
    [today],
  );
  await client.query(
    `create temp table gen_glass on commit drop as
     select f.model_id, g.name as grp, array_agg(p.no order by p.no) as nos
     from product_car_fits f join products p on p.id = f.product_id and p.active
     join product_groups g on g.id = p.group_id and g.name in ('Forrude', 'Siderude', 'Bagrude', 'Tagrude')
     group by 1, 2`,
  );
  await client.query(
    `create temp table gen_accessories on commit drop as
     select array_agg(p.no order by p.no) as nos from products p join product_groups g on g.id = p.group_id where g.name = 'Tilbehør' and p.active`,
  );
  await client.query(
    `create temp table gen_payers on commit drop as
     select kind, array_agg(no order by no) as nos from debitors where kind in ('INSURANCE', 'LEASING', 'COMPANY') and name <> 'DUMMY - SKIFT KONTO' group by kind`,
  );
  const firstNr = (
    await client.query<{ n: number }>(
      `select greatest((select coalesce(max(order_nr), 100000) from orders), (select last_value from order_nr_seq))::int + 1 as n`,
    )
  ).rows[0]!.n;
  const vehicleCount = await count(client, 'gen_vehicles');
  const modelCount = await count(client, 'gen_models');
  await client.query(
    `create temp table gen_orders on commit drop as
     with placed as (
       select p.*, random() as r_type, random() as r_status, random() as r_pay, random() as r_car, random() as r_misc,
              (p.day - $1::date) as ahead
       from gen_places p
     ), typed as (
       select placed.*,
              case when r_type < ${FOLLOW_UP_SHARE} and ahead < 0 then (array['SALE', 'COMPLAINT', 'INTERNAL_COMPLAINT'])[1 + floor(r_type * 1000)::int % 3]
                   when type = 'STONE_CHIP' then 'REPAIR'
                   when r_type < 0.63 then 'REPLACE_FRONT' when r_type < 0.83 then 'REPLACE_SIDE' when r_type < 0.96 then 'REPLACE_REAR' else 'REPLACE_ROOF' end as order_type,
              case when r_car < ${REGISTERED_SHARE} then floor(r_car / ${REGISTERED_SHARE} * $2::int)::int end as vehicle_idx,
              floor(random() * $3::float8)::bigint as plate_k
       from placed
     ), statused as (
       select typed.*,
              case
                when order_type = 'SALE' then case when ahead < -3 then 'FINISHED' else 'PROCESSING_MORESALE' end
                when order_type = 'COMPLAINT' then case when ahead < -30 then 'FINISHED' else 'SERVICE_CALL' end
                when ahead < -21 then case when r_status < 0.07 then 'CANCELLED' when r_status < 0.085 then 'OFFER' when r_status < 0.088 then 'DRAFT' else 'FINISHED' end
                when ahead < 0 then case when r_status < 0.07 then 'CANCELLED' when r_status < 0.11 then 'ON_HOLD'
                                         when r_status < 0.30 and order_type like 'REPLACE%' then 'PENDING_REVIEW' else 'FINISHED' end
                else case when r_status < 0.04 then 'ON_HOLD' when r_status < 0.09 and ahead > 1 then 'WEB_REVIEW' when r_status < 0.11 then 'OFFER'
                          when r_status < 0.115 then 'OFFER_REQUEST' when r_status < 0.12 then 'CANCELLED' else 'PROCESSING' end
              end as order_status
       from typed
     )
     select gen_random_uuid() as id, s.department_id, s.day, s.f, s.t, s.order_type, s.order_status, s.ahead,
            case when s.order_type in ('SALE', 'COMPLAINT', 'INTERNAL_COMPLAINT') then null else s.slot_id end as slot_id,
            s.r_pay, s.r_misc, s.plate_k, v.registration_number as vehicle_plate,
            coalesce(v.model_id, m.model_id) as model_id,
            coalesce(v.model_year, m.y0 + (s.plate_k % greatest(1, m.y1 - m.y0 + 1))::int) as model_year,
            -- Booked one to fourteen days before the day; a coming day's bookings were made within the last month.
            case when s.ahead >= 0
              then now() - interval '1 hour' - make_interval(secs => floor(random() * least(s.ahead + 1, 30) * 86400)::int)
              else least(now() - interval '1 hour',
                         (s.day::timestamp + make_interval(secs => s.f * 3600)) at time zone 'Europe/Copenhagen'
                           - make_interval(days => 1 + floor(random() * 14)::int, secs => floor(random() * 36000)::int))
            end as created_at
     from statused s
     left join gen_vehicles v on v.idx = s.vehicle_idx
     left join gen_models m on m.idx = (s.plate_k * 7907) % $4::int`,
    [today, vehicleCount, total * 0.8, modelCount],
  );
  // Lines: the glass for the car (or a repair, an accessory), the fitting line, sometimes calibration or a pad.
  await client.query(
    `create temp table gen_order_lines on commit drop as
     select row_number() over (order by o.created_at, o.id)::int - 1 + $1::int as order_nr, o.*, x.items
     from gen_orders o
     left join gen_glass gl on gl.model_id = o.model_id and gl.grp = case o.order_type when 'REPLACE_FRONT' then 'Forrude' when 'REPLACE_SIDE' then 'Siderude' when 'REPLACE_REAR' then 'Bagrude' when 'REPLACE_ROOF' then 'Tagrude' end
     cross join gen_accessories acc
     cross join lateral (select case
       when o.order_type = 'REPAIR' then case when o.r_misc < 0.3 then array['REP1', 'REP2'] else array['REP1'] end
       when o.order_type = 'SALE' then array[acc.nos[1 + floor(o.r_misc * array_length(acc.nos, 1))::int]]
       when o.order_type in ('COMPLAINT', 'INTERNAL_COMPLAINT') then array['SERV']
       when gl.nos is null then array[acc.nos[1 + floor(o.r_misc * array_length(acc.nos, 1))::int]]
       else array[gl.nos[1 + floor(o.r_misc * array_length(gl.nos, 1))::int], 'UD']
         || case when o.order_type = 'REPLACE_FRONT' and (o.r_misc * 7 - floor(o.r_misc * 7)) < 0.25 then array['PK3']
                 when (o.r_misc * 13 - floor(o.r_misc * 13)) < 0.2 then array['MILJ'] else array[]::text[] end
     end as items) x`,
    [firstNr],
  );
  log(`Order plan: ${total} orders from ${from} to ${to} in ${seconds(started)}`);

  // Load without the secondary indexes, then build them once: much faster than keeping them up to date row by row.
  const indexes = await secondaryIndexes(client);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  await client.query(
    `create temp table gen_fitters on commit drop as
     select department_id, array_agg(id order by id) as ids from users
     where department_id is not null and 'Operation' = any(roles) and deleted_at is null group by 1`,
  );
  for (let offset = 0; offset < total; offset += ORDER_BATCH) {
    const batchStarted = performance.now();
    const range = [firstNr + offset, firstNr + Math.min(total, offset + ORDER_BATCH) - 1];
    await client.query(
      `insert into orders (id, order_nr, booking_nr, order_type, order_status, who_is_paying, offer_debitor, internal_comment,
         external_comment, rekv_nr, two_man_job, worker_id, window_manufacturer, work_km, time_spent, on_hold_comment, priority,
         created_by, created_by_id, work_completed_at, department_id, booking_date, from_at, to_at, time_slot_id, zip_code,
         customer_name, customer_address, customer_city, customer_zip_code, customer_phone, customer_email, customer_allow_sms,
         customer_allow_email, debitor_no, debitor_name, debitor_address, debitor_zip_code, debitor_city, debitor_phone,
         debitor_email, debitor_cvr, car_registration_number, car_make, car_manu_id, car_model, car_mod_id, car_model_year,
         car_insurance, car_leasing, car_leaser, car_owner, car_user, car_vin, car_colour, car_bodywork, total_ore, created_at, updated_at)
       select g.id, g.order_nr, g.order_nr::text, g.order_type, g.order_status, pay.who, false,
              case when g.order_status = 'FINISHED' and g.r_misc < 0.2 then 'Kunden var tilfreds' else '' end,
              case when (g.r_pay * 10 - floor(g.r_pay * 10)) < 0.2 then 'Montøren ringer ca. 30 minutter før ankomst.' else '' end,
              case when pay.who = 'INSURANCE' then 'SK-' || (100000 + floor(g.r_misc * 899999))::int else '' end,
              false,
              case when g.order_status in ('FINISHED', 'PENDING_REVIEW', 'ON_HOLD') or (g.ahead between 0 and 3) then fit.ids[1 + floor(g.r_misc * coalesce(array_length(fit.ids, 1), 0))::int] end,
              case when g.order_status in ('FINISHED', 'PENDING_REVIEW') and g.order_type like 'REPLACE%' then ($2::text[])[1 + floor(g.r_misc * 8)::int] else 'NONE' end,
              case when g.order_status in ('FINISHED', 'PENDING_REVIEW') then 5000 + floor(g.r_misc * 235000) end,
              case when g.order_status in ('FINISHED', 'PENDING_REVIEW') then case when g.order_type = 'REPAIR' then 15 + 15 * floor(g.r_misc * 3)::int else 60 + 15 * floor(g.r_misc * 7)::int end end,
              case when g.order_status = 'ON_HOLD' then 'Rude i restordre – afventer levering' else '' end,
              0,
              case when g.order_status in ('WEB_REVIEW', 'OFFER_REQUEST') then 'WEB' else act.initials end,
              case when g.order_status in ('WEB_REVIEW', 'OFFER_REQUEST') then null else act.id end,
              case when g.order_status in ('FINISHED', 'PENDING_REVIEW') then (g.day::timestamp + make_interval(secs => g.t * 3600)) at time zone 'Europe/Copenhagen' end,
              g.department_id, g.day,
              (g.day::timestamp + make_interval(secs => g.f * 3600)) at time zone 'Europe/Copenhagen',
              (g.day::timestamp + make_interval(secs => g.t * 3600)) at time zone 'Europe/Copenhagen',
              g.slot_id, d.zip_code,
              cust.name, ($3::text[])[1 + (g.plate_k % array_length($3::text[], 1))::int] || ' ' || (1 + g.plate_k % 120), d.city, d.zip_code,
              cust.phone, cust.email, g.plate_k % 5 <> 0, cust.email <> '',
              deb.no, deb.name, deb.address, deb.zip_code, deb.city, deb.phone, deb.email, deb.cvr,
              coalesce(g.vehicle_plate, plate.value), coalesce(mk.name, ''), coalesce(cm.manu_id, 0), coalesce(cm.name, ''), coalesce(cm.model_id, 0), g.model_year,
              coalesce(v.insurance, ''), coalesce(v.leasing, ''), coalesce(v.leaser, ''), coalesce(v.owner, cust.name), coalesce(v.user, ''),
              coalesce(v.vin, ''), coalesce(v.colour, ''), coalesce(v.bodywork, ''),
              lines.total, g.created_at, g.created_at
       from gen_order_lines g
       join departments d on d.id = g.department_id
       left join vehicles v on v.registration_number = g.vehicle_plate
       left join car_models cm on cm.model_id = g.model_id
       left join car_makes mk on mk.manu_id = cm.manu_id
       left join gen_fitters fit on fit.department_id = g.department_id
       cross join lateral (select (array['KS', 'KS', 'KS', 'REK', 'ADM'])[1 + floor(g.r_pay * 50)::int % 5] as pick) ap
       left join users act on act.initials = ap.pick and act.deleted_at is null
       cross join lateral (
         select substr('ABCDEFGHJKLMNPRSTUVXYZ', 1 + (g.plate_k % 22)::int, 1) || substr('ABCDEFGHJKLMNPRSTUVXYZ', 1 + (g.plate_k / 22 % 22)::int, 1)
                || (10000 + (g.plate_k / 484 * 7919 + g.plate_k) % 90000)::text as value
       ) plate
       cross join lateral (
         select ($4::text[])[1 + (g.plate_k * 31 % array_length($4::text[], 1))::int] as first_name,
                ($5::text[])[1 + (g.plate_k * 17 / 7 % array_length($5::text[], 1))::int] as last_name
       ) nm
       cross join lateral (
         select coalesce(nullif(v.user, ''), case when v.owner !~ '(A/S|ApS)' then nullif(v.owner, '') end, nm.first_name || ' ' || nm.last_name) as name,
                (20000000 + (g.plate_k * 7919) % 42000000)::text as phone,
                case when g.plate_k % 10 < 7 or g.r_pay < 0.5
                  then translate(lower(nm.first_name || '.' || nm.last_name), 'æøå', 'eoa') || (g.plate_k % 97)::text || '@' || ($6::text[])[1 + (g.plate_k % array_length($6::text[], 1))::int]
                  else '' end as email
       ) cust
       cross join lateral (
         select case when g.r_pay < 0.5 then 'INSURANCE' when g.r_pay < 0.62 then 'LEASING' when g.r_pay < 0.75 then 'DEBITOR' else 'CASH' end as who
       ) pay
       left join gen_payers pp on pp.kind = case pay.who when 'INSURANCE' then 'INSURANCE' when 'LEASING' then 'LEASING' when 'DEBITOR' then 'COMPANY' end
       left join debitors deb on deb.no = coalesce(pp.nos[1 + floor(g.r_misc * 997)::int % array_length(pp.nos, 1)], d.debitor_no)
       cross join lateral (
         select coalesce(sum(p.list_price_ore), 0)::int as total from unnest(g.items) it(no) join products p on p.no = it.no
       ) lines
       where g.order_nr between $1::int and $7::int`,
      [range[0], WINDOW_MAKERS, STREETS, FIRST_NAMES, LAST_NAMES, MAIL_DOMAINS, range[1]],
    );
    await client.query(
      `insert into order_items (order_id, line_no, item_no, no, name, description, amount, item_price_ore, type, two_person_job,
         is_main_item, is_service, is_vin_item, material, oe_number, euro_code, description2, description3, description4, created_at)
       select g.id, it.n * 10000, p.no, p.no, p.name, p.description, 1, p.list_price_ore, p.item_type, p.two_person_job,
              it.n = 1 and g.order_type like 'REPLACE%', p.is_service, p.is_vin_item, p.material, p.oe_number, p.euro_code,
              p.description2, p.description3, p.description4, g.created_at
       from gen_order_lines g
       cross join lateral unnest(g.items) with ordinality as it(no, n)
       join products p on p.no = it.no
       where g.order_nr between $1::int and $2::int`,
      range,
    );
    log(
      `Orders ${Math.min(total, offset + ORDER_BATCH).toLocaleString('en')} / ${total.toLocaleString('en')} (with lines) in ${seconds(batchStarted)}`,
    );
  }
  await client.query(`select setval('order_nr_seq', (select max(order_nr) from orders))`);
  for (const index of indexes) {
    const indexStarted = performance.now();
    await client.query(index.definition);
    log(`Index ${index.name} built in ${seconds(indexStarted)}`);
  }
  await client.query('commit');
  log(`Orders: +${total} in ${seconds(started)}`);
}

// ---------------------------------------------------------------------------

/**
 * Migrates and seeds the database at `url`, then generates up to `sizes` departments, products and orders.
 * Returns the row counts afterwards.
 */
export async function generateLargeData(url: string, sizes: Partial<DataSizes> = {}, options: GenerateOptions = {}): Promise<RowCounts> {
  const want = { ...DEFAULT_SIZES, ...sizes };
  const log = options.log ?? ((message: string) => console.log(`[generate] ${message}`));
  const started = performance.now();
  await runMigrations(url);
  const database = connectDatabase(url, { max: 2 });
  try {
    if (await seedDemoIfEmpty(database.db)) log('Demo data loaded');
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const orders = await count(client, 'orders');
    if (orders > REFUSE_ABOVE_ORDERS && !options.force) {
      throw new Error(
        `The database already has ${orders} orders (more than ${REFUSE_ABOVE_ORDERS}); pass --force to add generated data anyway.`,
      );
    }
    await client.query(`set synchronous_commit = off`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(`set work_mem = '64MB'`);
    await client.query(`set temp_buffers = '256MB'`);
    await client.query(`select setseed(0.4242)`);
    const today = ymdOf(options.now ?? new Date());
    await generateDepartments(client, want.departments, log);
    await generateProducts(client, want.products, log);
    await generateOrders(client, want.orders, today, log);
    const analyseStarted = performance.now();
    await client.query('vacuum (analyze) departments, time_slots, products, product_car_fits, stock, orders, order_items');
    log(`Vacuum and analyse in ${seconds(analyseStarted)}`);
    const counts = await rowCounts(client);
    log(`Done in ${seconds(started)}`);
    return counts;
  } finally {
    await client.end();
  }
}

function parseArgs(argv: string[]): { sizes: Partial<DataSizes>; force: boolean; dataDir: string | null } {
  const sizes: Partial<DataSizes> = {};
  let force = false;
  let dataDir: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    const number = () => {
      const n = Number(value().replace(/_/g, ''));
      if (!Number.isInteger(n) || n < 0) throw new Error(`${arg} needs a whole number`);
      return n;
    };
    if (arg === '--orders') sizes.orders = number();
    else if (arg === '--products') sizes.products = number();
    else if (arg === '--departments') sizes.departments = number();
    else if (arg === '--force') force = true;
    else if (arg === '--data-dir') dataDir = value();
    else throw new Error(`Unknown argument ${arg}. Use --orders N, --products N, --departments N, --force, --data-dir DIR.`);
  }
  return { sizes, force, dataDir };
}

async function main(): Promise<void> {
  const { sizes, force, dataDir } = parseArgs(process.argv.slice(2));
  let url = process.env.DATABASE_URL;
  let stop = async () => {};
  let dir: string | null = null;
  if (!url) {
    dir = dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-data-')));
    const embedded = await startEmbeddedPostgres({ dataDir: dir, log: (m) => console.log(`[generate] ${m}`) });
    url = embedded.url;
    stop = () => embedded.stop();
  }
  try {
    const counts = await generateLargeData(url, sizes, { force });
    console.log('\n| Table | Rows |\n|---|---:|');
    for (const [table, n] of Object.entries(counts)) console.log(`| ${table} | ${n.toLocaleString('en')} |`);
    if (dir) console.log(`\nThe database is in ${dir}; start the app on it with DATA_DIR=${dir} npm start`);
  } finally {
    await stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
