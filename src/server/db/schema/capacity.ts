import { doublePrecision, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Kapacitetsoptimering's training data: a suggestion a planner saved ('Se løsningsforslag' → Gem), kept as it was
 * shown (the whole option in `suggestion`) with the few fields an export filters on as columns. createdBy is the
 * signed-in user, never a value from the request body.
 */
export const capacityTrainingData = pgTable(
  'capacity_training_data',
  {
    id: id(),
    type: text('type').notNull(),
    fromDepartmentId: uuid('from_department_id'),
    toDepartmentId: uuid('to_department_id'),
    score: doublePrecision('score').notNull(),
    reason: text('reason').notNull().default(''),
    suggestion: jsonb('suggestion').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('capacity_training_data_created_at').on(t.createdAt)],
);
