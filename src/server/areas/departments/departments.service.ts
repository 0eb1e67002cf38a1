import { sortByName } from '@/domain/lib/danish-order';
import { todayInCopenhagen } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import { STALE_COPY_MESSAGES } from '@/domain/lib/versions';
import { weekdayOf } from '@/domain/lib/dates';
import {
  carriedBookings,
  changedMasterFields,
  closingRefusal,
  copiedSlots,
  datePlanRefusal,
  departmentErrors,
  editableDepartmentIds,
  hoursCloseADay,
  isDepartmentAdmin,
  normalisedDepartment,
  normalisedSlot,
  readableDepartmentIds,
  readsEveryDepartment,
  slotChangeRefusal,
  slotDeleteRefusal,
  type TDepartmentEditor,
} from '@/domain/departments';
import {
  DEPARTMENT_MESSAGES,
  type TCopyTimeslot,
  type TDepartment,
  type TDepartmentInput,
  type TDepartmentName,
  type TDepartmentSummary,
  type TResourceRelation,
  type TTimeSlot,
  type TTimeSlotInput,
  type TTimeSlotType,
} from '@/domain/departments';
import type { Db, DbOrTx, Tx } from '@/server/db/client';
import { AppError, assertSaved, requireVersion } from '@/server/errors';
import { createDepartmentStockLocation, deleteDepartmentStockLocation } from '../transfers';
import { announceChanges } from '@/server/integrations/live/live-changes';
import * as repo from './departments.repo';
import { newRowId } from '@/server/db/row-id';

/**
 * The Departments screen on the server (document 3): master data (Adminstrator), opening hours and time slots
 * (Adminstrator, and TimeManagement for its own responsibility centre). A slot is changed or deleted under the
 * same row lock every booking of it takes, so a booking racing an edit is never stranded or overbooked.
 */

/** Throws 403 unless the user may edit the department (all for an administrator, TimeManagement its own centre's). */
export async function assertEditable(db: DbOrTx, user: TDepartmentEditor, departmentId: string): Promise<void> {
  const keys = await repo.listDepartmentKeys(db);
  if (!keys.some((k) => k.id === departmentId.toLowerCase())) throw AppError.notFound(DEPARTMENT_MESSAGES.notFound);
  if (!editableDepartmentIds(user, keys).has(departmentId.toLowerCase())) throw AppError.forbidden(DEPARTMENT_MESSAGES.notYourDepartment);
}

/**
 * Throws 403 unless the user reads the department (every one but for TimeManagement alone: its own centre's); an
 * unknown department is 404 for such a user. Answers nothing for the others, whose reads stay as they were.
 */
export async function assertReadable(db: DbOrTx, user: TDepartmentEditor, departmentId: string): Promise<void> {
  if (readsEveryDepartment(user)) return;
  const keys = await repo.listDepartmentKeys(db);
  if (!keys.some((k) => k.id === departmentId.toLowerCase())) throw AppError.notFound(DEPARTMENT_MESSAGES.notFound);
  if (!readableDepartmentIds(user, keys).has(departmentId.toLowerCase()))
    throw AppError.forbidden(DEPARTMENT_MESSAGES.notYourDepartmentToRead);
}

/**
 * The departments of a list the user reads (readableDepartmentIds), by name in Danish order (the database sorts by
 * code point: Å before Æ and Ø, Aarhus first).
 */
async function readable<T extends { id: string; name: string }>(db: Db, user: TDepartmentEditor, list: T[]): Promise<T[]> {
  if (readsEveryDepartment(user)) return sortByName(list);
  const ids = readableDepartmentIds(user, await repo.listDepartmentKeys(db));
  return sortByName(list.filter((d) => ids.has(d.id)));
}

/** GET /api/departments/names: every department's name, by name in Danish order. */
export async function listDepartmentNames(db: Db): Promise<TDepartmentName[]> {
  return sortByName(await repo.listDepartmentNames(db));
}

/** GET /api/departments/departments: every department, or TimeManagement's own centre's (document 3). */
export async function listDepartmentsFor(db: Db, user: TDepartmentEditor): Promise<TDepartment[]> {
  return readable(db, user, await repo.listDepartments(db));
}

/** GET /api/departments/summaries: as the whole list, without hours and slots. */
export async function listDepartmentSummariesFor(db: Db, user: TDepartmentEditor): Promise<TDepartmentSummary[]> {
  return readable(db, user, await repo.listDepartmentSummaries(db));
}

/** Unique location codes and the references (parent, calendar department, debitor) as field errors. */
async function assertReferences(db: DbOrTx, input: TDepartmentInput): Promise<void> {
  const ids = [input.parentDepartmentId, input.calendarDepartmentId].filter(isSetGuid).map((id) => id.toLowerCase());
  const found = await repo.findReferences(db, ids, input.debitorId || null);
  const errors: Record<string, string[]> = { ...departmentErrors(input) };
  for (const field of ['parentDepartmentId', 'calendarDepartmentId'] as const) {
    const id = input[field];
    if (isSetGuid(id) && !found.departments.has(id.toLowerCase())) errors[field] = [DEPARTMENT_MESSAGES.notFound];
  }
  if (!found.debitor) errors.debitorId = ['Debitoren findes ikke i debitorregistret'];
  if (Object.keys(errors).length) throw AppError.validation(errors, Object.values(errors)[0]![0]);
}

/** A unique location code taken by another department becomes a field error. */
async function withUniqueCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const cause = error as { cause?: { constraint?: string }; constraint?: string };
    const constraint = cause.cause?.constraint ?? cause.constraint;
    if (constraint === 'departments_nav_location_code_unique') throw AppError.field('navLocationCode', DEPARTMENT_MESSAGES.codeTaken);
    throw error;
  }
}

/**
 * A department's plan (hours, slots, offsets, the department itself) changed and committed: announced like a booking,
 * for the whole department, so open calendars reload it and no instance keeps a month made from the old plan.
 */
function planChanged(db: Db, departmentId: string): void {
  announceChanges(db, [{ departmentId, date: null }]);
}

/**
 * PUT /api/departments/departments: creates a department (no id; Adminstrator) or saves one. TimeManagement may
 * change only the opening hours of a department it may edit; the master data is the administrator's.
 */
export async function saveDepartment(db: Db, body: TDepartmentInput, user: TDepartmentEditor, now = new Date()): Promise<TDepartment> {
  const input = normalisedDepartment(body);
  const isNew = !isSetGuid(input.id);
  if (isNew && !isDepartmentAdmin(user)) throw AppError.forbidden(DEPARTMENT_MESSAGES.createAdminOnly);
  const hours = [...input.openingHours, ...input.specificOpeningHours];
  if (isNew) {
    await assertReferences(db, input);
    const id = await withUniqueCode(() =>
      db.transaction(async (tx) => {
        const created = await repo.insertDepartment(tx, repo.departmentValues(input));
        await repo.replaceOpeningHours(tx, created, hours);
        // A workshop keeps stock and sends and receives transfers; a van uses its parent workshop's (as the demo data).
        if (!input.mobileService) {
          const stock = await createDepartmentStockLocation(tx, { id: created, code: input.navLocationCode, name: input.name });
          if (stock === 'TAKEN') throw AppError.field('navLocationCode', DEPARTMENT_MESSAGES.codeTakenByStock);
        }
        return created;
      }),
    );
    planChanged(db, id);
    return (await repo.findDepartmentById(db, id))!;
  }

  const id = input.id.toLowerCase();
  await assertEditable(db, user, id);
  const stored = (await repo.findDepartmentById(db, id))!;
  const admin = isDepartmentAdmin(user);
  if (!admin && changedMasterFields(stored, input).length > 0) throw AppError.forbidden(DEPARTMENT_MESSAGES.masterDataAdminOnly);
  if (admin) await assertReferences(db, input);
  const updateId = requireVersion(input.updateId);
  await withUniqueCode(() =>
    db.transaction(async (tx) => {
      // The version first: a stale copy (master data or hours) writes nothing, and racing saves queue on the row.
      const outcome = await repo.updateDepartment(tx, id, updateId, admin ? repo.departmentValues(input) : {});
      assertSaved(outcome, { stale: STALE_COPY_MESSAGES.department, notFound: DEPARTMENT_MESSAGES.notFound });
      await guardClosingDays(tx, id, input, now);
      await repo.replaceOpeningHours(tx, id, hours);
    }),
  );
  planChanged(db, id);
  return (await repo.findDepartmentById(db, id))!;
}

/**
 * Opening hours that close a day (a weekday, or a date through its own hours) are saved under the booking lock of
 * every slot that can apply from today on: refused (409) while a closing day holds bookings, which would stay on a
 * closed day; otherwise the slots are marked changed, so a booking checked before the save is checked again.
 */
async function guardClosingDays(
  tx: Tx,
  departmentId: string,
  after: Pick<TDepartmentInput, 'openingHours' | 'specificOpeningHours'>,
  now: Date,
): Promise<void> {
  const before = repo.openingHoursOf(await repo.listOpeningHours(tx, departmentId));
  if (!hoursCloseADay(before, after)) return;
  const locked = await repo.lockPlanSlots(tx, departmentId, todayInCopenhagen(now));
  const refusal = closingRefusal(before, after, await repo.bookedDays(tx, departmentId, todayInCopenhagen(now)));
  if (refusal) throw AppError.conflict(refusal);
  await repo.markSlotsChanged(tx, locked);
}

/**
 * A slot placed on a date that had no own plan of its kind starts that plan, and the weekday's slots stop applying
 * that day. Under their booking lock: refused (409) while they hold bookings that day; otherwise they are marked
 * changed, so a booking of them checked before is checked again (and refused: they no longer apply).
 */
async function guardDatePlan(tx: Tx, departmentId: string, type: TTimeSlotType, date: string, slotId: string | null): Promise<void> {
  const standard = await repo.lockStandardSlots(tx, departmentId, type, weekdayOf(date));
  if (await repo.hasSpecificSlots(tx, departmentId, type, date, slotId)) return;
  const ids = standard.map((slot) => slot.id);
  const linked = [...(await repo.bookingsOnDate(tx, ids, date)).values()].reduce((sum, n) => sum + n.linked, 0);
  const refusal = datePlanRefusal(linked, date);
  if (refusal) throw AppError.conflict(refusal);
  await repo.markSlotsChanged(tx, ids);
}

/** DELETE /api/departments/departments/{id}: only a department that never had a booking (Adminstrator). */
export async function deleteDepartment(db: Db, id: string, user: TDepartmentEditor): Promise<void> {
  if (!isDepartmentAdmin(user)) throw AppError.forbidden(DEPARTMENT_MESSAGES.createAdminOnly);
  await db.transaction(async (tx) => {
    if (await repo.departmentHasOrders(tx, id)) throw AppError.conflict(DEPARTMENT_MESSAGES.hasBookings);
    if (await repo.departmentHasChildren(tx, id)) throw AppError.conflict(DEPARTMENT_MESSAGES.hasChildren);
    await deleteDepartmentStockLocation(tx, id);
    if (!(await repo.deleteDepartmentRow(tx, id))) throw AppError.notFound(DEPARTMENT_MESSAGES.notFound);
  });
  planChanged(db, id);
}

/**
 * POST /api/departments/addOrUpdateTimeslot/{departmentId}/{type}: a new slot, or a change of one under its
 * booking lock: a slot with bookings keeps its day and times, and its places never go below what it holds on a
 * day from today on (409). A change names the version it was read with (`updateId`): one of an older copy is refused
 * (409, before anything else is checked) and writes nothing; every change gives the slot a new version.
 */
export async function saveTimeSlot(
  db: Db,
  departmentId: string,
  type: TTimeSlotType,
  body: TTimeSlotInput,
  user: TDepartmentEditor,
  now = new Date(),
): Promise<TTimeSlot> {
  await assertEditable(db, user, departmentId);
  const input = normalisedSlot(body);
  const date = input.date ? input.date.slice(0, 10) : null;
  const row = await db.transaction(async (tx) => {
    if (!input.id || !isSetGuid(input.id)) {
      const refusal = slotChangeRefusal(null, input, 0, 0);
      if (refusal) throw AppError.conflict(refusal);
      if (date) await guardDatePlan(tx, departmentId, type, date, null);
      return (await repo.insertSlots(tx, departmentId, type, [repo.slotValues(input)]))[0]!;
    }
    const updateId = requireVersion(input.updateId);
    const locked = await repo.lockSlotForEdit(tx, departmentId, type, input.id, todayInCopenhagen(now));
    if (!locked) throw AppError.notFound(DEPARTMENT_MESSAGES.slotNotFound);
    // Under the row lock: a save racing another sees the other's version once it is committed.
    if (locked.slot.updateId !== updateId) throw AppError.staleCopy(STALE_COPY_MESSAGES.slot);
    const refusal = slotChangeRefusal(repo.slotToApi(locked.slot), input, locked.linked, locked.heldMostOnADay);
    if (refusal) throw AppError.conflict(refusal);
    if (date && date !== locked.slot.date) await guardDatePlan(tx, departmentId, type, date, locked.slot.id);
    const saved = await repo.updateSlot(tx, input.id, updateId, repo.slotValues({ ...input, originalId: locked.slot.originalId }));
    if (!saved) throw AppError.staleCopy(STALE_COPY_MESSAGES.slot);
    return saved;
  });
  await repo.touchDepartment(db, departmentId);
  planChanged(db, departmentId);
  return repo.slotToApi(row);
}

/** DELETE /api/departments/remove/{departmentId}/{type}/{slotId}: a slot without bookings, under its booking lock. */
export async function removeTimeSlot(
  db: Db,
  departmentId: string,
  type: TTimeSlotType,
  slotId: string,
  user: TDepartmentEditor,
  now = new Date(),
): Promise<void> {
  await assertEditable(db, user, departmentId);
  await db.transaction(async (tx) => {
    const locked = await repo.lockSlotForEdit(tx, departmentId, type, slotId, todayInCopenhagen(now));
    if (!locked) throw AppError.notFound(DEPARTMENT_MESSAGES.slotNotFound);
    const refusal = slotDeleteRefusal(locked.linked);
    if (refusal) throw AppError.conflict(refusal);
    await repo.deleteSlot(tx, slotId);
  });
  await repo.touchDepartment(db, departmentId);
  planChanged(db, departmentId);
}

/**
 * GET /api/departments/alreadyUsedTimeslots/{id}: the bookings linked to each slot (a slot with any is locked), for
 * the Departments screen of a department the user may edit (403 otherwise, as for its edits).
 */
export async function usedTimeslots(db: Db, departmentId: string, user: TDepartmentEditor): Promise<Record<string, number>> {
  await assertEditable(db, user, departmentId);
  return repo.countLinkedBySlot(db, departmentId);
}

/**
 * POST /api/departments/copyTimeslot: the weekday's standard slots of a kind become the date's own plan, replacing
 * the date's specific slots of that kind unless bookings are linked to them (409). The standard slots the date's
 * plan replaces are locked as a booking locks them; their bookings that day move to the copied slot with the same
 * times (carriedBookings), or, when one has no such slot with room, nothing is copied (409).
 */
export async function copyTimeslots(db: Db, body: TCopyTimeslot, user: TDepartmentEditor): Promise<TTimeSlot[]> {
  await assertEditable(db, user, body.departmentId);
  const date = body.copyToDate.slice(0, 10);
  const type = body.timeslotType;
  const rows = await db.transaction(async (tx) => {
    const weekday = weekdayOf(date);
    const displaced = await repo.lockStandardSlots(tx, body.departmentId, type, weekday);
    const source = body.dayOfWeek === weekday ? displaced : await repo.listStandardSlots(tx, body.departmentId, type, body.dayOfWeek);
    const byTime = [...source].sort((a, b) => a.from - b.from || a.to - b.to);
    const copies = copiedSlots(byTime.map(repo.slotToApi), body.dayOfWeek, date).map((copy) => ({ ...copy, id: newRowId() }));
    if (copies.length === 0) throw AppError.field('dayOfWeek', DEPARTMENT_MESSAGES.copyNoSlots);
    const existing = await repo.lockSpecificSlots(tx, body.departmentId, type, date);
    if (existing.linked > 0) throw AppError.conflict(DEPARTMENT_MESSAGES.copyHasBookings);
    const booked = await repo.bookingsOnDate(
      tx,
      displaced.map((slot) => slot.id),
      date,
    );
    const plan = carriedBookings(
      displaced.map((slot) => ({ slot, ...(booked.get(slot.id) ?? { linked: 0, held: 0 }) })),
      copies,
      date,
    );
    if (!plan.ok) throw AppError.conflict(plan.refusal);
    await repo.deleteSlots(tx, existing.ids);
    const inserted = await repo.insertSlots(
      tx,
      body.departmentId,
      type,
      copies.map((copy) => ({ ...repo.slotValues(copy), id: copy.id })),
    );
    for (const move of plan.moves) await repo.moveBookings(tx, move.fromSlotId, copies[move.toCopy]!.id, date);
    await repo.markSlotsChanged(
      tx,
      displaced.map((slot) => slot.id),
    );
    return inserted;
  });
  await repo.touchDepartment(db, body.departmentId);
  planChanged(db, body.departmentId);
  return rows.map(repo.slotToApi);
}

/** A department's resource relations (the departments whose resources it may use). */
export async function listResourceRelations(db: Db, departmentId: string, user: TDepartmentEditor): Promise<TResourceRelation[]> {
  await assertEditable(db, user, departmentId);
  return repo.listResourceRelations(db, departmentId);
}

/**
 * POST /api/DepartmentResourceRelation/add: the department and the one whose resources it uses must both be the
 * user's to edit (TimeManagement: its own centre's; 403 otherwise).
 */
export async function addResourceRelation(
  db: Db,
  departmentId: string,
  resourceId: string,
  user: TDepartmentEditor,
): Promise<TResourceRelation[]> {
  await assertEditable(db, user, departmentId);
  const found = await repo.findReferences(db, [resourceId.toLowerCase()], null);
  if (!found.departments.has(resourceId.toLowerCase())) throw AppError.field('resourceId', DEPARTMENT_MESSAGES.notFound);
  await assertEditable(db, user, resourceId);
  await repo.insertResourceRelation(db, departmentId, resourceId);
  return repo.listResourceRelations(db, departmentId);
}

export async function deleteResourceRelation(db: Db, id: string, user: TDepartmentEditor): Promise<void> {
  const relation = await repo.findResourceRelation(db, id);
  if (!relation) throw AppError.notFound('Relationen findes ikke');
  await assertEditable(db, user, relation.departmentId);
  await repo.deleteResourceRelation(db, id);
}
