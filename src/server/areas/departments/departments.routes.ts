import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import {
  ZCopyTimeslot,
  ZDepartment,
  ZDepartmentInput,
  ZDepartmentName,
  ZDepartmentSummary,
  ZResourceRelation,
  ZResourceRelationInput,
  ZTimeSlot,
  ZTimeSlotInput,
  ZTimeSlotType,
  ZUsedTimeslots,
} from '@/domain/departments';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './departments.service';

const tags = ['Afdelinger'];
/** The Departments screen: Adminstrator and TimeManagement (the service narrows TimeManagement to its own centre). */
const DEPARTMENTS = screensAccess('DEPARTMENTS');

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departments/departments',
    {
      // Department pickers appear on most screens (booking, calendar, lists, users admin); TimeManagement alone reads
      // its own centre's (the service narrows it).
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'All departments with hours, time slots and loan cars',
        description:
          'TimeManagement without a role whose screens pick among every department: its own department and those sharing its responsibility centre.',
        response: { 200: z.array(ZDepartment) },
      },
    },
    async (request) => service.listDepartmentsFor(app.db, requireUser(request.user)),
  );

  app.get(
    '/api/departments/names',
    {
      // The list screens' department filter: names only, not the 360 KB of the whole list.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Every department’s name, location code and kind, for pickers and filters',
        response: { 200: z.array(ZDepartmentName) },
      },
    },
    async () => service.listDepartmentNames(app.db),
  );

  app.get(
    '/api/departments/summaries',
    {
      // The calendar's and the mobile-service map's departments: all but the hours and slots, which they never read.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Every department without its opening hours and time slots (with its loan cars), sorted like the whole list',
        description: 'Narrowed for TimeManagement as the whole list.',
        response: { 200: z.array(ZDepartmentSummary) },
      },
    },
    async (request) => service.listDepartmentSummariesFor(app.db, requireUser(request.user)),
  );

  app.put(
    '/api/departments/departments',
    {
      // Its name and code show in its users' userinfo, kept with their sessions.
      config: { access: DEPARTMENTS, forgetsSessions: true },
      schema: {
        tags,
        summary: 'Create (no id) or save a department: master data (Adminstrator) and opening hours',
        description: 'Slots, loan cars and resource relations have calls of their own; their copies in the body are ignored.',
        body: ZDepartmentInput,
        response: { 200: ZDepartment },
      },
    },
    async (request) => service.saveDepartment(app.db, request.body, requireUser(request.user)),
  );

  app.delete(
    '/api/departments/departments/:id',
    {
      config: { access: ['Adminstrator'], forgetsSessions: true },
      schema: {
        tags,
        summary: 'Delete a department that never had a booking (Adminstrator)',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.deleteDepartment(app.db, request.params.id, requireUser(request.user));
      return { message: API_MESSAGES.deleted };
    },
  );

  app.post(
    '/api/departments/addOrUpdateTimeslot/:departmentId/:type',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: 'Add a time slot (no id) or change one; type WINDOW_REPLACE or STONE_CHIP',
        params: z.object({ departmentId: z.uuid(), type: ZTimeSlotType }),
        body: ZTimeSlotInput,
        response: { 200: ZTimeSlot },
      },
    },
    async (request) =>
      service.saveTimeSlot(app.db, request.params.departmentId, request.params.type, request.body, requireUser(request.user)),
  );

  app.delete(
    '/api/departments/remove/:departmentId/:type/:slotId',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: 'Delete a time slot without bookings',
        params: z.object({ departmentId: z.uuid(), type: ZTimeSlotType, slotId: z.uuid() }),
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      const { departmentId, type, slotId } = request.params;
      await service.removeTimeSlot(app.db, departmentId, type, slotId, requireUser(request.user));
      return { message: API_MESSAGES.deleted };
    },
  );

  app.get(
    '/api/departments/alreadyUsedTimeslots/:id',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: 'Bookings linked to each slot of a department (a slot with any is locked); TimeManagement: its own centre',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZUsedTimeslots },
      },
    },
    async (request) => service.usedTimeslots(app.db, request.params.id, requireUser(request.user)),
  );

  app.post(
    '/api/departments/copyTimeslot',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: "Copy a weekday's standard slots of a kind to a date (its own plan that day)",
        body: ZCopyTimeslot,
        response: { 200: z.array(ZTimeSlot) },
      },
    },
    async (request) => service.copyTimeslots(app.db, request.body, requireUser(request.user)),
  );

  // Resource relations; the spec does not show their base path (docs/decisions.md).
  app.get(
    '/api/DepartmentResourceRelation/get/:id',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: "A department's resource relations",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(ZResourceRelation) },
      },
    },
    async (request) => service.listResourceRelations(app.db, request.params.id, requireUser(request.user)),
  );

  app.post(
    '/api/DepartmentResourceRelation/add',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: 'Relate a department to another whose resources it may use',
        body: ZResourceRelationInput,
        response: { 200: z.array(ZResourceRelation) },
      },
    },
    async (request) => service.addResourceRelation(app.db, request.body.departmentId, request.body.resourceId, requireUser(request.user)),
  );

  app.delete(
    '/api/DepartmentResourceRelation/delete/:id',
    {
      config: { access: DEPARTMENTS },
      schema: { tags, summary: 'Remove a resource relation', params: z.object({ id: z.uuid() }), response: { 200: ZMessage } },
    },
    async (request) => {
      await service.deleteResourceRelation(app.db, request.params.id, requireUser(request.user));
      return { message: API_MESSAGES.deleted };
    },
  );
};
