import { z } from 'zod';
import { ZERO_GUID } from '../lib/guid';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  zOptionalEmail,
  zOptionalPassword,
  zOptionalText,
  zRequiredText,
  zUpdateId,
} from '../lib/validation';
import { ROLES } from './roles';

export const USER_MESSAGES = {
  initialsFormat: 'Initialer må kun indeholde bogstaver og tal',
  nameFormat: 'Navnet må kun indeholde bogstaver, mellemrum, punktum og bindestreg',
  phoneLength: 'Telefonnummeret skal være 8 cifre',
  operationNeedsDepartment: 'En bruger med rollen Drift skal have en afdeling',
  stoneChipNeedsShop: 'En bruger med rollen Stenslag skal have en afdeling uden mobilservice',
  initialsTaken: 'Initialerne bruges allerede af en anden bruger',
  emailTaken: 'E-mailen bruges allerede af en anden bruger',
  roleListRefused: 'Du har ikke adgang til listen over brugere med den rolle',
} as const;

/** Login body as the original client posts it: initials or e-mail in `Email`. */
export const ZLogin = z.object({
  Email: zRequiredText(254),
  Password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200),
});
export type TLogin = z.infer<typeof ZLogin>;

export const ZResetPassword = z.object({ Identifier: zRequiredText(254) });

export const ZRole = z.enum(ROLES, { error: 'Ukendt rolle' });

const zGuidOrEmpty = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v && v !== ZERO_GUID ? v.toLowerCase() : ''))
  .refine((v) => v === '' || /^[0-9a-f-]{36}$/.test(v), { error: 'Ugyldig afdeling' });

// Format rules skip an empty value: 'Feltet er påkrævet' says it all.
const zInitials = zRequiredText(6)
  .refine((v) => v === '' || v.length >= 2, { error: MESSAGES.minLength(2) })
  .refine((v) => v === '' || /^[A-Za-zÆØÅæøå0-9]+$/.test(v), { error: USER_MESSAGES.initialsFormat })
  .transform((v) => v.toUpperCase());

const zName = zRequiredText(100)
  .refine((v) => v === '' || v.length >= 2, { error: MESSAGES.minLength(2) })
  .refine((v) => v === '' || /^[\p{L}][\p{L} .'-]*$/u.test(v), { error: USER_MESSAGES.nameFormat });

const zPhone = zOptionalText(8)
  .refine((v) => v === '' || /^\d+$/.test(v), { error: MESSAGES.number })
  .refine((v) => v === '' || !/^\d+$/.test(v) || v.length === 8, { error: USER_MESSAGES.phoneLength });

/** Fields shared by the create and edit forms (document 3 section 2, USERS). */
const userFields = {
  name: zName,
  initials: zInitials,
  phone: zPhone,
  email: zOptionalEmail(),
  roles: z.array(ZRole).min(1, { error: MESSAGES.required }),
  departmentGuid: zGuidOrEmpty,
  calendarDepartmentGuid: zGuidOrEmpty,
  allowSMS: z.boolean().default(false),
  allowEmail: z.boolean().default(false),
  password: zOptionalPassword(),
  confirmPassword: zOptionalPassword(),
};

type Ctx = z.core.$RefinementCtx<unknown>;

/** The cross-field rules also run when single fields failed, so a form shows every message at once. */
const ALWAYS = { when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null };
const text = (v: unknown) => (typeof v === 'string' ? v : '');

interface CrossFields {
  password?: unknown;
  confirmPassword?: unknown;
  allowSMS?: unknown;
  allowEmail?: unknown;
  phone?: unknown;
  email?: unknown;
}

function checkPasswords(v: CrossFields, ctx: Ctx, required: boolean) {
  const password = text(v.password);
  const confirm = text(v.confirmPassword);
  if (required && password === '') ctx.addIssue({ code: 'custom', path: ['password'], message: MESSAGES.required });
  if (required && confirm === '') ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.required });
  if (password !== '' && confirm !== '' && password !== confirm) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.match });
  }
  if (!required && password !== '' && confirm === '') {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MESSAGES.required });
  }
}

/** A chosen channel needs its address, so a new password can actually reach the user. */
function checkContact(v: CrossFields, ctx: Ctx) {
  if (v.allowSMS === true && text(v.phone).trim() === '') ctx.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.required });
  if (v.allowEmail === true && text(v.email).trim() === '') ctx.addIssue({ code: 'custom', path: ['email'], message: MESSAGES.required });
}

/**
 * `autoPassword` (the form's switch, on by default) may be left out: then a given password is used and
 * only a missing one is generated and sent. `autoPassword: true` always generates one.
 */
export const ZUserCreate = z
  .object({ ...userFields, autoPassword: z.boolean().optional() })
  .superRefine((v, ctx) => {
    checkPasswords(v, ctx, v.autoPassword === false);
    if (v.allowSMS !== true && v.allowEmail !== true) {
      ctx.addIssue({ code: 'custom', path: ['allowSMS'], message: MESSAGES.oneOf });
      ctx.addIssue({ code: 'custom', path: ['allowEmail'], message: MESSAGES.oneOf });
    }
    checkContact(v, ctx);
  }, ALWAYS)
  .transform(({ autoPassword, ...v }) => ({ ...v, autoPassword: autoPassword ?? v.password === '' }));
export type TUserCreate = z.infer<typeof ZUserCreate>;
export type TUserCreateInput = z.input<typeof ZUserCreate>;

export const ZUserUpdate = z
  .object({ id: z.uuid({ error: 'Ugyldig bruger' }), ...userFields, updateId: zUpdateId() })
  .superRefine((v, ctx) => {
    checkPasswords(v, ctx, false);
    checkContact(v, ctx);
  }, ALWAYS);
export type TUserUpdate = z.infer<typeof ZUserUpdate>;
export type TUserUpdateInput = z.input<typeof ZUserUpdate>;

export const RESET_CODE_LENGTH = 6;

/**
 * Setting a new password after /forgot: with the token of the e-mail's link, or with the SMS code and the
 * e-mail or phone it was asked for.
 */
export const ZPasswordResetConfirm = z
  .object({
    token: z
      .string()
      .trim()
      .max(200, { error: MESSAGES.maxLength(200) })
      .nullish()
      .transform((v) => v ?? ''),
    identifier: zOptionalText(254),
    code: z
      .string()
      .max(20, { error: MESSAGES.maxLength(20) })
      .nullish()
      .transform((v) => (v ?? '').replace(/\s/g, ''))
      .refine((v) => v === '' || new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(v), {
        error: `Koden består af ${RESET_CODE_LENGTH} cifre`,
      }),
    password: zOptionalPassword(),
    confirmPassword: zOptionalPassword(),
  })
  .superRefine((v, ctx) => {
    checkPasswords(v, ctx, true);
    if (text(v.token) === '') {
      if (text(v.identifier).trim() === '') ctx.addIssue({ code: 'custom', path: ['identifier'], message: MESSAGES.required });
      if (text(v.code).trim() === '') ctx.addIssue({ code: 'custom', path: ['code'], message: MESSAGES.required });
    }
  }, ALWAYS);
export type TPasswordResetConfirm = z.infer<typeof ZPasswordResetConfirm>;
export type TPasswordResetConfirmInput = z.input<typeof ZPasswordResetConfirm>;

/** `POST /user/remove` takes the user object; only its id matters. */
export const ZUserRemove = z.object({ id: z.uuid({ error: 'Ugyldig bruger' }) }).loose();

/** A user as the API shows it (document 2 "User information", document 3 "User"). */
export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
  departmentId: z.string().describe("The department's NAV location code, empty when none"),
  departmentGuid: z.string().describe('The department id; the all-zero GUID when none'),
  departmentName: z.string(),
  calendarDepartmentId: z.string(),
  calendarDepartmentGuid: z.string(),
  lastLogin: z.string().nullable().describe('YYYY-MM-DDTHH:mm:ss, Copenhagen time'),
  allowSMS: z.boolean(),
  allowEmail: z.boolean(),
  /** The user's version (versions.ts): changes on every save of the user form, which sends the one it read. */
  updateId: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * A person in a list of users in a role (GET /api/user/usersinrole/{role}): what the screens that list people show
 * (the fitters of the worksheet, calendar, map and reports, the reviewers of Gennemsyn). Contact data, roles and
 * last login are the user administration's (GET /api/user/users), and never in these lists.
 */
export const ZRoleMember = ZUser.pick({ id: true, name: true, initials: true, departmentGuid: true, departmentName: true });
export type TRoleMember = z.infer<typeof ZRoleMember>;

/**
 * The lists of users in a role that the screens of users without user administration show: the fitters
 * (Operation) and the reviewers (ReviewManager). The administrator lists every role.
 */
export const LISTED_ROLES: readonly string[] = ['Operation', 'ReviewManager'];

/** Whether the user may list the users holding `role` (LISTED_ROLES; every role for an administrator). */
export function mayListRole(userRoles: readonly string[], role: string): boolean {
  return userRoles.includes('Adminstrator') || LISTED_ROLES.includes(role);
}

/** The signed-in user; without the version, which only the edit form uses and the session's copy would not follow. */
export const ZUserInfo = ZUser.omit({ updateId: true });
export type TUserInfo = z.infer<typeof ZUserInfo>;

export interface DepartmentFacts {
  id: string;
  mobileService: boolean;
}

/**
 * Role rules that need department facts (document 3 section 5): Drift without
 * Kundeservice needs a department; Stenslag needs a department without mobile service. The department and the
 * calendar department, when given, must exist.
 */
export function userRoleIssues(
  user: { roles: readonly string[]; departmentGuid: string; calendarDepartmentGuid?: string },
  findDepartment: (id: string) => DepartmentFacts | undefined,
): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (user.calendarDepartmentGuid && !findDepartment(user.calendarDepartmentGuid)) {
    issues.push({ path: ['calendarDepartmentGuid'], message: 'Afdelingen findes ikke' });
  }
  const department = user.departmentGuid ? findDepartment(user.departmentGuid) : undefined;
  if (user.departmentGuid && !department) {
    issues.push({ path: ['departmentGuid'], message: 'Afdelingen findes ikke' });
    return issues;
  }
  if (user.roles.includes('Operation') && !user.roles.includes('CustomerService') && !department) {
    issues.push({ path: ['departmentGuid'], message: USER_MESSAGES.operationNeedsDepartment });
  }
  if (user.roles.includes('QuickStoneChip') && (!department || department.mobileService)) {
    issues.push({ path: ['departmentGuid'], message: USER_MESSAGES.stoneChipNeedsShop });
  }
  return issues;
}

export { PASSWORD_MIN_LENGTH };
