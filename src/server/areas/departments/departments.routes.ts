import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDepartment } from '@/domain/departments/department.schemas';
import { listDepartments } from './departments.repo';

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departments/departments',
    {
      // Department pickers appear on most screens (booking, calendar, lists, users admin).
      config: { access: 'signedIn' },
      schema: { tags: ['Afdelinger'], summary: 'All departments with hours, time slots and loan cars', response: { 200: z.array(ZDepartment) } },
    },
    async () => listDepartments(app.db),
  );
};
