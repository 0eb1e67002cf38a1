import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import { ZLoanCar, ZLoanCarDamageInput, ZLoanCarInput, ZRegNumber } from '@/domain/loan-cars';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './loan-cars.service';

const tags = ['Lånebiler'];
/** The Departments screen keeps the cars (the service narrows TimeManagement to its own centre). */
const DEPARTMENTS = screensAccess('DEPARTMENTS');
/**
 * Damage markers: set and removed on the worksheet (the loan car of its order, `?orderId=`) and on the Departments
 * screen (TimeManagement: its own centre's cars); the service checks which car (issue 37).
 */
const DAMAGES = screensAccess('WORKSHEET', 'DEPARTMENTS');
const ZDamageQuery = z.object({ orderId: z.uuid().optional().describe('The order whose loan car the worksheet marks') });

export const loanCarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/DepartmentLoanCar/:departmentId',
    {
      config: { access: screensAccess('WORKSHEET', 'DEPARTMENTS') },
      schema: {
        tags,
        summary: "A department's loan cars with their damage markers (a mobile van: its parent workshop's cars)",
        description:
          "TimeManagement without a worksheet role: only its own department's and those sharing its responsibility centre (403).",
        params: z.object({ departmentId: z.uuid() }),
        response: { 200: z.array(ZLoanCar) },
      },
    },
    async (request) => service.listLoanCars(app.db, request.params.departmentId, requireUser(request.user)),
  );

  app.post(
    '/api/DepartmentLoanCar/damage/add/:carId/',
    {
      config: { access: DAMAGES },
      schema: {
        tags,
        summary: 'Mark a damage on the car drawing (x, y in percent); answers the car',
        description:
          "An administrator: any car; TimeManagement: its own centre's cars; the worksheet: the loan car of the order in orderId.",
        params: z.object({ carId: z.uuid() }),
        querystring: ZDamageQuery,
        body: ZLoanCarDamageInput,
        response: { 200: ZLoanCar },
      },
    },
    async (request) => service.addDamage(app.db, request.params.carId, request.body, requireUser(request.user), request.query.orderId),
  );

  app.delete(
    '/api/DepartmentLoanCar/damage/remove/:carId/:damageId',
    {
      config: { access: DAMAGES },
      schema: {
        tags,
        summary: 'Remove a damage marker; answers the car',
        description: 'Who may: as for marking one.',
        params: z.object({ carId: z.uuid(), damageId: z.uuid() }),
        querystring: ZDamageQuery,
        response: { 200: ZLoanCar },
      },
    },
    async (request) =>
      service.removeDamage(app.db, request.params.carId, request.params.damageId, requireUser(request.user), request.query.orderId),
  );

  app.post(
    '/api/DepartmentLoanCar/:departmentId/:regNumber',
    {
      config: { access: DEPARTMENTS },
      schema: {
        tags,
        summary: 'Add a loan car to a department (the plate in the path; make, model, colour, fuel in the body)',
        params: z.object({ departmentId: z.uuid(), regNumber: ZRegNumber }),
        body: ZLoanCarInput,
        response: { 200: ZLoanCar },
      },
    },
    async (request) =>
      service.addLoanCar(app.db, request.params.departmentId, request.params.regNumber, request.body, requireUser(request.user)),
  );

  app.delete(
    '/api/DepartmentLoanCar/:carId',
    {
      config: { access: DEPARTMENTS },
      schema: { tags, summary: 'Remove a loan car', params: z.object({ carId: z.uuid() }), response: { 200: ZMessage } },
    },
    async (request) => {
      await service.deleteLoanCar(app.db, request.params.carId, requireUser(request.user));
      return { message: API_MESSAGES.deleted };
    },
  );
};
