import { z } from 'zod';
import { isGuid } from '../lib/guid';
import { requiredChoice, zUpdateId } from '../lib/validation';

/** The rule-set screens' shapes and messages (document 3: DEPARTMENT_RULE_SET, DEBITOR_RULE_SET). */

export const RULE_SET_MESSAGES = {
  /** The spec's default alert where a department cannot take the car. */
  defaultAlert: 'Nuværende afdeling kan ikke acceptere biler af det valgte bilmærke. Vælg venligst en anden afdeling.',
  missingValues: 'Kontrollere, om mindst én værdi er valgt for alle indtastningsfelter!',
  ruleInUse: 'Reglen kunne ikke slettes. Kontroller venligst, at ingen reglsæt bruger den valgte regler !',
  ruleSetNotDeleted: 'Regelsæt kunne ikke slettes. Kontroller venligst udvalgte data !',
  ruleNotFound: 'Reglen findes ikke',
  ruleSetNotFound: 'Regelsættet findes ikke',
  makeRequired: 'Et bilmærke skal vælges',
  tooShort: (hours: string) => `Bilen kræver en tid på mindst ${hours} timer i denne afdeling`,
  mandatoryDebitor: (name: string) => `Bilen skal betales af ${name} (obligatorisk debitor)`,
} as const;

export const ZCarRule = z.object({
  id: z.string(),
  ruleName: z.string(),
  carMake: z.string(),
  carModel: z.string(),
  isWorkAllowed: z.boolean(),
  minimumWorkLength: z.number(),
  disallowBackWindowWork: z.boolean(),
  disallowFrontWindowWork: z.boolean(),
  disallowSideWindowWork: z.boolean(),
  disallowRoofWindowWork: z.boolean(),
  /** The rule's version (versions.ts), sent back with a change of it. */
  updateId: z.string(),
});
export type TCarRule = z.infer<typeof ZCarRule>;

/** POST /api/departmentRuleSet/rule?id: a rule (the name is generated). */
export const ZCarRuleInput = z.object({
  carMake: z.string({ error: RULE_SET_MESSAGES.makeRequired }).trim().min(1, { error: RULE_SET_MESSAGES.makeRequired }).max(100),
  carModel: z.string().trim().max(100).default(''),
  isWorkAllowed: z.boolean().default(true),
  /** Hours (decimal); only meaningful when work is allowed. */
  minimumWorkLength: z.number({ error: 'Feltet skal være et tal' }).finite().min(0).max(24).default(0),
  disallowBackWindowWork: z.boolean().default(false),
  disallowFrontWindowWork: z.boolean().default(false),
  disallowSideWindowWork: z.boolean().default(false),
  disallowRoofWindowWork: z.boolean().default(false),
  /** The version the rule was read with; needed for a change, not for a new rule. */
  updateId: zUpdateId(),
});
export type TCarRuleInput = z.infer<typeof ZCarRuleInput>;

export const ZRuleSet = z.object({
  id: z.string(),
  ruleSetName: z.string(),
  alertMessage: z.string(),
  departments: z.array(z.object({ departmentId: z.string(), departmentName: z.string() })),
  rules: z.array(z.string()),
  /** The set's version (versions.ts): changes with its name, alert, departments and rules. */
  updateId: z.string(),
});
export type TRuleSet = z.infer<typeof ZRuleSet>;

/** POST /api/departmentRuleSet/ruleSet?id: a set saved as its departments' and rules' ids. */
export const ZRuleSetInput = z.object({
  ruleSetName: z.string().trim().max(200).default(''),
  alertMessage: z.string().trim().max(1000).default(''),
  departmentIds: z.array(z.uuid()).max(200).default([]),
  ruleIds: z.array(z.uuid()).max(500).default([]),
  /** The version the set was read with (or answered by a removal); needed for a change, not for a new set. */
  updateId: zUpdateId(),
});
export type TRuleSetInput = z.infer<typeof ZRuleSetInput>;

/**
 * Removing a department or a rule of a set at once (edit mode): the set's version, when given, must still be the
 * set's; the answer carries the set's next version, which the open form saves with.
 */
export const ZRuleSetLinkRemoval = z.object({ updateId: zUpdateId() });
export const ZRuleSetLinkRemoved = z.object({ message: z.string(), updateId: z.string() });
export type TRuleSetLinkRemoved = z.infer<typeof ZRuleSetLinkRemoved>;

export const ZPageQuery = z.object({
  pageSize: z.coerce.number().int().min(1).max(100_000).default(10),
  pageNumber: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const ZRulePage = z.object({ rules: z.array(ZCarRule), totalPages: z.number().int() });
export const ZRuleSetPage = z.object({ ruleSets: z.array(ZRuleSet), totalPages: z.number().int() });

/** 'Kan afdelingen tage bilen?': the booking step's and the worksheet's question. */
export const ZCarCheck = z.object({
  departmentId: z.uuid(),
  carMake: z.string().trim().max(100).default(''),
  carModel: z.string().trim().max(100).default(''),
  orderType: z.string().trim().max(30).default('REPLACE_FRONT'),
});
export const ZCarCheckResult = z.object({
  accepted: z.boolean(),
  /** The rule set's alert (or the spec's default) when the department cannot take the car. */
  alertMessage: z.string().nullable(),
  /** Hours a booking must last at least; 0 without a minimum. */
  minimumWorkLength: z.number(),
});
export type TCarCheckResult = z.infer<typeof ZCarCheckResult>;

// ---------------------------------------------------------------------------
// Debtor rule sets

export const DEBITOR_RULE_TYPES = ['', 'OFFER', 'INSURANCE', 'LEASING', 'MIXED'] as const;
export type TDebitorRuleType = (typeof DEBITOR_RULE_TYPES)[number];
export const DEBITOR_RULE_TYPE_LABELS: Record<TDebitorRuleType, string> = {
  '': '',
  OFFER: 'Tilbud',
  INSURANCE: 'Forsikring',
  LEASING: 'Leasing',
  MIXED: 'Blandet',
};

/** A row of Debitor regelsæt, as the spec names its fields (`insurrance` spelt so). */
export const ZDebitorRuleSet = z.object({
  id: z.string(),
  type: z.enum(DEBITOR_RULE_TYPES),
  user: z.string(),
  owner: z.string(),
  leasing: z.string(),
  insurrance: z.string(),
  debitor: z.string(),
  isMandatory: z.boolean(),
  /** The row's version (versions.ts), sent back with a change of it. */
  updateId: z.string(),
});
export type TDebitorRuleSet = z.infer<typeof ZDebitorRuleSet>;

export const ZDebitorRuleSetInput = z.object({
  // Empty creates a row; anything else names one, so it is a GUID (a row no GUID names does not exist).
  id: z
    .string()
    .max(36)
    .refine((v) => v === '' || isGuid(v), { error: 'Rækken findes ikke' })
    .default(''),
  type: z.enum(DEBITOR_RULE_TYPES, { error: requiredChoice }).default(''),
  user: z.string().trim().max(200).default(''),
  owner: z.string().trim().max(200).default(''),
  leasing: z.string().trim().max(200).default(''),
  insurrance: z.string().trim().max(200).default(''),
  debitor: z.string().trim().max(50).default(''),
  isMandatory: z.boolean().default(false),
  /** The version the row was read with; needed for a change, not for a new row. */
  updateId: zUpdateId(),
});
export type TDebitorRuleSetInput = z.infer<typeof ZDebitorRuleSetInput>;
