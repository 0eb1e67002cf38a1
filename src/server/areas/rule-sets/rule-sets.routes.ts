import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import {
  ZCarCheck,
  ZCarCheckResult,
  ZCarRule,
  ZCarRuleInput,
  ZDebitorRuleSet,
  ZDebitorRuleSetInput,
  ZPageQuery,
  ZRulePage,
  ZRuleSet,
  ZRuleSetInput,
  ZRuleSetLinkRemoval,
  ZRuleSetLinkRemoved,
  ZRuleSetPage,
} from '@/domain/rule-sets';
import { screensAccess } from '@/server/auth/access';
import * as service from './rule-sets.service';

const tags = ['Regelsæt'];
const RULES = screensAccess('DEPARTMENT_RULE_SET');
const DEBITOR_RULES = screensAccess('DEBITOR_RULE_SET');
/** An id in the query: empty (or left out) creates. */
const ZOptionalId = z.object({ id: z.union([z.literal(''), z.uuid()]).optional() });
const ZId = z.object({ id: z.uuid() });
const deleted = { message: API_MESSAGES.deleted };

export const ruleSetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/departmentRuleSet/rules',
    { config: { access: RULES }, schema: { tags, summary: 'A page of car rules', querystring: ZPageQuery, response: { 200: ZRulePage } } },
    async (request) => service.listRules(app.db, request.query.pageSize, request.query.pageNumber),
  );

  app.get(
    '/api/departmentRuleSet/ruleSet',
    {
      config: { access: RULES },
      schema: {
        tags,
        summary: 'A page of rule sets (page size 100000 loads all)',
        querystring: ZPageQuery,
        response: { 200: ZRuleSetPage },
      },
    },
    async (request) => service.listRuleSets(app.db, request.query.pageSize, request.query.pageNumber),
  );

  app.post(
    '/api/departmentRuleSet/rule',
    {
      config: { access: RULES },
      schema: {
        tags,
        summary: 'Create (no id) or change a car rule; the name is generated',
        querystring: ZOptionalId,
        body: ZCarRuleInput,
        response: { 200: ZCarRule },
      },
    },
    async (request) => service.saveRule(app.db, request.query.id || undefined, request.body),
  );

  app.post(
    '/api/departmentRuleSet/ruleSet',
    {
      config: { access: RULES },
      schema: {
        tags,
        summary: 'Create (no id) or change a rule set',
        querystring: ZOptionalId,
        body: ZRuleSetInput,
        response: { 200: ZRuleSet },
      },
    },
    async (request) => service.saveRuleSet(app.db, request.query.id || undefined, request.body),
  );

  app.delete(
    '/api/departmentRuleSet/rule',
    { config: { access: RULES }, schema: { tags, summary: 'Delete a rule no set uses', querystring: ZId, response: { 200: ZMessage } } },
    async (request) => {
      await service.deleteRule(app.db, request.query.id);
      return deleted;
    },
  );

  app.delete(
    '/api/departmentRuleSet/ruleSet',
    { config: { access: RULES }, schema: { tags, summary: 'Delete a rule set', querystring: ZId, response: { 200: ZMessage } } },
    async (request) => {
      await service.deleteRuleSet(app.db, request.query.id);
      return deleted;
    },
  );

  app.delete(
    '/api/departmentRuleSet/ruleSet/:id/removeRule',
    {
      config: { access: RULES },
      schema: {
        tags,
        summary: "Remove a rule from a set; with the set's updateId only while it is current (409); answers the next",
        params: ZId,
        querystring: ZRuleSetLinkRemoval.extend({ ruleId: z.uuid() }),
        response: { 200: ZRuleSetLinkRemoved },
      },
    },
    async (request) => ({
      ...deleted,
      updateId: await service.removeFromSet(app.db, request.params.id, { ruleId: request.query.ruleId }, request.query.updateId),
    }),
  );

  app.delete(
    '/api/departmentRuleSet/ruleSet/:id/removeDepartment',
    {
      config: { access: RULES },
      schema: {
        tags,
        summary: "Remove a department from a set; with the set's updateId only while it is current (409); answers the next",
        params: ZId,
        querystring: ZRuleSetLinkRemoval.extend({ departmentId: z.uuid() }),
        response: { 200: ZRuleSetLinkRemoved },
      },
    },
    async (request) => ({
      ...deleted,
      updateId: await service.removeFromSet(
        app.db,
        request.params.id,
        { departmentId: request.query.departmentId },
        request.query.updateId,
      ),
    }),
  );

  app.post(
    '/api/departmentRuleSet/check',
    {
      config: { access: screensAccess('BOOKING', 'WORKSHEET', 'CALENDAR') },
      schema: {
        tags,
        summary: 'Whether a department takes the car for the job, with its alert when not',
        body: ZCarCheck,
        response: { 200: ZCarCheckResult },
      },
    },
    async (request) => {
      const { departmentId, ...car } = request.body;
      const result = (await service.carAcceptanceOf(app.db, [departmentId], car)).get(departmentId)!;
      return result.accepted
        ? { accepted: true, alertMessage: null, minimumWorkLength: result.minimumWorkLength }
        : { accepted: false, alertMessage: result.alertMessage, minimumWorkLength: 0 };
    },
  );

  app.get(
    '/api/debitorruleset/all',
    {
      config: { access: DEBITOR_RULES },
      schema: { tags, summary: 'Every debtor rule set row', response: { 200: z.array(ZDebitorRuleSet) } },
    },
    async () => service.listDebitorRuleSets(app.db),
  );

  app.post(
    '/api/debitorruleset/save',
    {
      config: { access: DEBITOR_RULES },
      schema: {
        tags,
        summary: 'Save a debtor rule set row (no id creates)',
        body: ZDebitorRuleSetInput,
        response: { 200: ZDebitorRuleSet },
      },
    },
    async (request) => service.saveDebitorRuleSet(app.db, request.body),
  );

  app.delete(
    '/api/debitorruleset/:id',
    {
      config: { access: DEBITOR_RULES },
      schema: { tags, summary: 'Delete a debtor rule set row', params: ZId, response: { 200: ZMessage } },
    },
    async (request) => {
      await service.deleteDebitorRuleSet(app.db, request.params.id);
      return deleted;
    },
  );

  app.post(
    '/api/debitorruleset/match',
    {
      config: { access: screensAccess('CUSTOMER', 'WORKSHEET') },
      schema: {
        tags,
        summary: "The debtor rule for a car's user, owner, leasing company and insurer (its debitor offered, or mandatory)",
        body: z.object({
          user: z.string().max(200).default(''),
          owner: z.string().max(200).default(''),
          leaser: z.string().max(200).default(''),
          insurance: z.string().max(200).default(''),
        }),
        response: { 200: ZDebitorRuleSet.nullable() },
      },
    },
    async (request) => service.matchingDebitorRule(app.db, request.body),
  );
};
