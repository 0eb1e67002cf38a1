import { date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const carMakes = pgTable('car_makes', {
  manuId: integer('manu_id').primaryKey(),
  name: text('name').notNull().unique(),
});

/** Years are encoded year*100+month; a 'to' of 0 means still in production. */
export const carModels = pgTable(
  'car_models',
  {
    modelId: integer('model_id').primaryKey(),
    manuId: integer('manu_id')
      .notNull()
      .references(() => carMakes.manuId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to').notNull().default(0),
  },
  (t) => [index('car_models_manu').on(t.manuId)],
);

/**
 * The local car registry: what the registration-number look-up answers
 * (the car-registry adapter's default, offline source).
 */
export const vehicles = pgTable(
  'vehicles',
  {
    registrationNumber: text('registration_number').primaryKey(),
    vin: text('vin').notNull().default(''),
    manuId: integer('manu_id').references(() => carMakes.manuId),
    modelId: integer('model_id').references(() => carModels.modelId),
    modelYear: integer('model_year'),
    insurance: text('insurance').notNull().default(''),
    /** PrivatLeaset, IkkeLeaset or a leasing type; empty when unknown. */
    leasing: text('leasing').notNull().default(''),
    leaser: text('leaser').notNull().default(''),
    owner: text('owner').notNull().default(''),
    /** The owner's home (the register has it for a person; empty for companies and leased cars). */
    ownerAddress: text('owner_address').notNull().default(''),
    ownerZipCode: text('owner_zip_code').notNull().default(''),
    ownerCity: text('owner_city').notNull().default(''),
    user: text('user').notNull().default(''),
    equipmentLine: text('equipment_line').notNull().default(''),
    segment: text('segment').notNull().default(''),
    doorQuantity: integer('door_quantity'),
    colour: text('colour').notNull().default(''),
    bodywork: text('bodywork').notNull().default(''),
    firstRegistrationDate: date('first_registration_date'),
    createdAt: createdAt(),
  },
  (t) => [index('vehicles_vin').on(t.vin)],
);
