import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZLoanCar, ZLoanCarDamageInput } from '@/domain/loan-cars/loan-car.schemas';
import { screensAccess } from '@/server/auth/access';
import * as service from './loan-cars.service';

const tags = ['Lånebiler'];
const WORKSHEET = screensAccess('WORKSHEET');

export const loanCarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/DepartmentLoanCar/:departmentId',
    {
      config: { access: WORKSHEET },
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
      config: { access: WORKSHEET },
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
      config: { access: WORKSHEET },
      schema: {
        tags,
        summary: 'Remove a damage marker; answers the car',
        params: z.object({ carId: z.uuid(), damageId: z.uuid() }),
        response: { 200: ZLoanCar },
      },
    },
    async (request) => service.removeDamage(app.db, request.params.carId, request.params.damageId),
  );
};
