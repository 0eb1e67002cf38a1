import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import { ZLoanCar, ZLoanCarDamageInput, ZLoanCarInput, ZRegNumber } from '@/domain/loan-cars/loan-car.schemas';
import { screensAccess } from '@/server/auth/access';
import { requireUser } from '@/server/plugins/auth';
import * as service from './loan-cars.service';

const tags = ['Lånebiler'];
/** The Departments screen keeps the cars (the service narrows TimeManagement to its own centre). */
const DEPARTMENTS = screensAccess('DEPARTMENTS');
/** Damage markers are the worksheet's roles' to set and remove, on any department's car. */
const DAMAGES = screensAccess('WORKSHEET');

export const loanCarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/DepartmentLoanCar/:departmentId',
    {
      config: { access: screensAccess('WORKSHEET', 'DEPARTMENTS') },
      schema: {
        tags,
        summary: "A department's loan cars with their damage markers (a mobile van: its parent workshop's cars)",
        params: z.object({ departmentId: z.uuid() }),
        response: { 200: z.array(ZLoanCar) },
      },
    },
    async (request) => service.listLoanCars(app.db, request.params.departmentId),
  );

  app.post(
    '/api/DepartmentLoanCar/damage/add/:carId/',
    {
      // The worksheet's roles mark damages (at handover, or on the Departments screen); TimeManagement sees them
      // read-only (docs/decisions.md, Departments screen: Loan cars).
      config: { access: DAMAGES },
      schema: {
        tags,
        summary: 'Mark a damage on the car drawing (x, y in percent); answers the car',
        params: z.object({ carId: z.uuid() }),
        body: ZLoanCarDamageInput,
        response: { 200: ZLoanCar },
      },
    },
    async (request) => service.addDamage(app.db, request.params.carId, request.body),
  );

  app.delete(
    '/api/DepartmentLoanCar/damage/remove/:carId/:damageId',
    {
      config: { access: DAMAGES },
      schema: {
        tags,
        summary: 'Remove a damage marker; answers the car',
        params: z.object({ carId: z.uuid(), damageId: z.uuid() }),
        response: { 200: ZLoanCar },
      },
    },
    async (request) => service.removeDamage(app.db, request.params.carId, request.params.damageId),
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
    async (request) => service.addLoanCar(app.db, request.params.departmentId, request.params.regNumber, request.body, requireUser(request.user)),
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
