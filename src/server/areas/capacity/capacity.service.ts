import type { FastifyReply } from 'fastify';
import { publicHolidaySet } from '@/domain/booking';
import { findCapacityOptions, forecastOf, freePlacesOf, type TCapacityDepartment } from '@/domain/capacity';
import { CAPACITY_MESSAGES, type TCapacityOption, type TForecast, type TForecastInput, type TTrainingDataSaved } from '@/domain/capacity';
import type { TDepartment } from '@/domain/departments';
import { csvNumber } from '@/domain/lib/csv';
import { DELIVERY_HORIZON_DAYS } from '@/domain/planning';
import { addDays, copenhagenDay } from '@/domain/planning';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { zipCentroid } from '@/server/integrations/geocoding/zip-centroids';
import { keysetBatches, sendCsv } from '@/server/lib/csv-stream';
import { findDepartmentById, listActiveDepartmentsForDays } from '../departments';
// The days and delivery times exactly as Ledige slots and Leveringstid show them.
import { getDeliveryTimes, plannedDays } from '../planning';
import * as repo from './capacity.repo';

/** The free places a suggestion may move: today and the next 6 days. */
const LOOK_AHEAD_DAYS = 7;
/** DeliveryForcast looks as far as Leveringstid (its delivery times without a change are Leveringstid's). */
const FORECAST_DAYS = DELIVERY_HORIZON_DAYS;
/** The CSV export's file name. */
const TRAINING_DATA_FILE = 'Kapacitetsoptimering træningsdata.csv';

/** Stone-chip places one window-replace place becomes: the largest conversion value among the department's slots. */
function stoneChipPerWindowSlot(department: TDepartment): number {
  const slots = [...department.windowReplaceTimeSlots, ...department.stoneChipTimeSlots];
  return slots.reduce((max, s) => Math.max(max, s.stoneChipAlternativeWinReplace), 0);
}

/** POST /api/CapacityOptimization/tryFind: the engine over every active department. */
export async function tryFind(db: Db, minDeliveryTime: number, now = new Date()): Promise<TCapacityOption[]> {
  const today = copenhagenDay(now);
  const lastDay = addDays(today, LOOK_AHEAD_DAYS - 1);
  const list = await listActiveDepartmentsForDays(db, today, lastDay);
  const times = await getDeliveryTimes(db, now);
  const byId = new Map([...times.jylland, ...times.fyn, ...times.sjaelland].map((row) => [row.departmentId, row]));
  const days = await plannedDays(db, list, today, lastDay, now);
  const departments: TCapacityDepartment[] = list.map((d) => {
    const free = freePlacesOf(days.get(d.id)!);
    const time = byId.get(d.id);
    return {
      id: d.id,
      name: d.name,
      locationCode: d.navLocationCode,
      region: d.region,
      mobileService: d.mobileService,
      position: d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : zipCentroid(d.zipCode),
      maxNumberOfWorkers: d.maxNumberOfWorkers,
      replaceDeliveryTime: time?.replace ?? -1,
      repairDeliveryTime: time?.repair ?? -1,
      freeReplaceSlots: free.replace,
      freeRepairSlots: free.repair,
      stoneChipPerWindowSlot: stoneChipPerWindowSlot(d),
    };
  });
  return findCapacityOptions({ departments, minDeliveryTime });
}

/** POST /api/CapacityOptimization/DeliveryForcast */
export async function getForecast(db: Db, input: TForecastInput, now = new Date()): Promise<TForecast> {
  const department = await findDepartmentById(db, input.departmentId);
  if (!department) throw AppError.notFound(CAPACITY_MESSAGES.departmentNotFound);
  const today = copenhagenDay(now);
  const last = addDays(today, FORECAST_DAYS - 1);
  const days = (await plannedDays(db, [department], today, last, now)).get(department.id)!;
  const holidays = publicHolidaySet(Number(today.slice(0, 4)), Number(last.slice(0, 4)));
  return forecastOf(days, { replace: input.replace, repair: input.repair }, today, holidays);
}

/** POST /api/CapacityOptimization/AddTrainingData: the suggestion, created by the signed-in user. */
export async function addTrainingData(db: Db, suggestion: TCapacityOption, user: SessionUser): Promise<TTrainingDataSaved> {
  return repo.insertTrainingData(db, suggestion, user);
}

const TRAINING_DATA_HEADER = [
  'Oprettet',
  'Oprettet af',
  'Type',
  'Navn',
  'Fra afdeling',
  'Til afdeling',
  'Fra lokationskode',
  'Til lokationskode',
  'Score',
  'Begrundelse',
  'Fra leveringstid rudeskift',
  'Fra leveringstid stenslag',
  'Til leveringstid rudeskift',
  'Til leveringstid stenslag',
  'Mobilservice',
  'Ledige stenslagstider',
  'Ledige rudeskiftetider',
  'Flyttede tider',
  'Afstand km',
  'Trend rudeskift',
  'Trend stenslag',
] as const;

/** GET /api/CapacityOptimization/trainingData.csv: every saved suggestion, oldest first. */
export async function sendTrainingDataCsv(db: Db, reply: FastifyReply): Promise<FastifyReply> {
  const batches = keysetBatches(
    (after: { at: string; id: string } | null, limit) => repo.listTrainingData(db, after, limit),
    (row) => ({ at: row.at, id: row.id }),
  );
  return sendCsv(reply, TRAINING_DATA_FILE, TRAINING_DATA_HEADER, batches, (row) => {
    const s = row.suggestion;
    return [
      row.createdAt,
      row.createdBy,
      s.type,
      s.name,
      s.fromDepartment,
      s.toDepartment,
      s.fromLocationCode,
      s.toLocationCode,
      s.score,
      s.reason,
      s.fromReplaceDeliveryTime,
      s.fromRepairDeliveryTime,
      s.toReplaceDeliveryTime,
      s.toRepairDeliveryTime,
      s.isMobileDepartment,
      s.fromAvailableRepairSlots,
      s.fromAvailableReplaceSlots,
      s.movedSlots,
      s.distanceKm === null ? '' : csvNumber(s.distanceKm),
      s.trendReplaceValue,
      s.trendRepairValue,
    ];
  });
}
