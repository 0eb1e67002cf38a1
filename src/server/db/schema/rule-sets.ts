import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updateId, updatedAt } from './columns';
import { departments } from './departments';
import { debitors } from './parties';

/** A car rule (Afdeling reglersæt): whether work on a make (and model) is allowed, and on which windows. */
export const carRules = pgTable(
  'car_rules',
  {
    id: id(),
    carMake: text('car_make').notNull(),
    /** '' for every model of the make. */
    carModel: text('car_model').notNull().default(''),
    isWorkAllowed: boolean('is_work_allowed').notNull().default(true),
    /** Hours a booking must last at least for the car (0: no minimum). */
    minimumWorkLength: doublePrecision('minimum_work_length').notNull().default(0),
    disallowFrontWindowWork: boolean('disallow_front_window_work').notNull().default(false),
    disallowBackWindowWork: boolean('disallow_back_window_work').notNull().default(false),
    disallowSideWindowWork: boolean('disallow_side_window_work').notNull().default(false),
    disallowRoofWindowWork: boolean('disallow_roof_window_work').notNull().default(false),
    updateId: updateId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('car_rules_make').on(sql`lower(${t.carMake})`), check('car_rules_minimum', sql`${t.minimumWorkLength} between 0 and 24`)],
);

/** A rule set: rules that apply at its departments, and the alert shown where a car is refused. */
export const ruleSets = pgTable('rule_sets', {
  id: id(),
  ruleSetName: text('rule_set_name').notNull(),
  alertMessage: text('alert_message').notNull(),
  /** Changes when the set, its departments or its rules change. */
  updateId: updateId(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const ruleSetDepartments = pgTable(
  'rule_set_departments',
  {
    ruleSetId: uuid('rule_set_id')
      .notNull()
      .references(() => ruleSets.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ruleSetId, t.departmentId] }), index('rule_set_departments_department').on(t.departmentId)],
);

/** A rule used by a set cannot be deleted (restrict): the screen's refusal. */
export const ruleSetRules = pgTable(
  'rule_set_rules',
  {
    ruleSetId: uuid('rule_set_id')
      .notNull()
      .references(() => ruleSets.id, { onDelete: 'cascade' }),
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => carRules.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.ruleSetId, t.ruleId] }), index('rule_set_rules_rule').on(t.ruleId)],
);

/**
 * A debtor rule set row (Debitor regelsæt): when a car's user, owner, leasing company or insurer matches, its
 * debitor (and payer type) is offered, or set when mandatory. The spec's field name `insurrance` is kept on the wire.
 */
export const debitorRuleSets = pgTable(
  'debitor_rule_sets',
  {
    id: id(),
    /** OFFER, INSURANCE, LEASING, MIXED or ''. */
    type: text('type').notNull().default(''),
    user: text('user_name').notNull().default(''),
    owner: text('owner').notNull().default(''),
    leasing: text('leasing').notNull().default(''),
    insurance: text('insurance').notNull().default(''),
    debitorNo: text('debitor_no').references(() => debitors.no, { onUpdate: 'cascade' }),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    updateId: updateId(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('debitor_rule_sets_type', sql`${t.type} in ('', 'OFFER', 'INSURANCE', 'LEASING', 'MIXED')`)],
);
