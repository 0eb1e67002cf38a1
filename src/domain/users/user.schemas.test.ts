import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../lib/validation';
import { mayListRole, USER_MESSAGES, userRoleIssues, ZPasswordResetConfirm, ZRoleMember, ZUserCreate, ZUserUpdate } from './user.schemas';

const base = {
  name: 'Mette Hansen',
  initials: 'mh',
  phone: '12345678',
  email: 'mh@example.dk',
  roles: ['CustomerService'],
  allowSMS: true,
  allowEmail: false,
};

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.success ? {} : toFieldErrors(result.error!.issues);
}

describe('user create rules', () => {
  it('accepts a valid user with auto password and upper-cases the initials', () => {
    const r = ZUserCreate.parse(base);
    expect(r.autoPassword).toBe(true);
    expect(r.initials).toBe('MH');
    expect(r.departmentGuid).toBe('');
  });

  it('uses a given password when autoPassword is left out; only without one is it generated', () => {
    expect(ZUserCreate.parse({ ...base, password: 'valgt1', confirmPassword: 'valgt1' })).toMatchObject({
      autoPassword: false,
      password: 'valgt1',
    });
    expect(ZUserCreate.parse({ ...base, password: '', confirmPassword: '' }).autoPassword).toBe(true);
    expect(ZUserCreate.parse({ ...base, autoPassword: true, password: 'valgt1', confirmPassword: 'valgt1' }).autoPassword).toBe(true);
    expect(errorsOf(ZUserCreate.safeParse({ ...base, password: 'valgt1' }))).toEqual({ confirmPassword: ['Feltet er påkrævet'] });
  });

  it('needs password and confirmation when auto password is off, and they must match', () => {
    expect(errorsOf(ZUserCreate.safeParse({ ...base, autoPassword: false }))).toEqual({
      password: ['Feltet er påkrævet'],
      confirmPassword: ['Feltet er påkrævet'],
    });
    expect(errorsOf(ZUserCreate.safeParse({ ...base, autoPassword: false, password: 'abc', confirmPassword: 'abc' }))).toEqual({
      password: ['Kodeordet skal indeholde minimum 6 karakter'],
      confirmPassword: ['Kodeordet skal indeholde minimum 6 karakter'],
    });
    expect(errorsOf(ZUserCreate.safeParse({ ...base, autoPassword: false, password: 'abcdef', confirmPassword: 'abcdeg' }))).toEqual({
      confirmPassword: ['Felterne stemmer ikke overens'],
    });
  });

  it("needs at least one of SMS or e-mail, and the chosen channel's address", () => {
    expect(errorsOf(ZUserCreate.safeParse({ ...base, allowSMS: false }))).toEqual({
      allowSMS: ['Pick one of the options'],
      allowEmail: ['Pick one of the options'],
    });
    expect(errorsOf(ZUserCreate.safeParse({ ...base, phone: '' }))).toEqual({ phone: ['Feltet er påkrævet'] });
  });

  it('checks required fields, formats and roles', () => {
    const e = errorsOf(ZUserCreate.safeParse({ ...base, name: '', initials: '!', phone: '12ab', email: 'x', roles: [] }));
    expect(e.name).toEqual(['Feltet er påkrævet']);
    expect(e.initials).toContain('Minimum 2 tegn krævet');
    expect(e.initials).toContain(USER_MESSAGES.initialsFormat);
    expect(e.phone).toEqual(['Feltet skal være et tal']);
    expect(e.email).toEqual(['Feltet skal være en email']);
    expect(e.roles).toEqual(['Feltet er påkrævet']);
  });
});

describe('user edit rules', () => {
  const edit = { ...base, id: '7f8c0b9e-5d7e-4c0b-9a57-2f4f0f9a1c11', allowSMS: false };

  it('drops the contact-choice rule and leaves the password optional', () => {
    expect(ZUserUpdate.safeParse(edit).success).toBe(true);
  });

  it('asks for the confirmation once a password is typed', () => {
    expect(errorsOf(ZUserUpdate.safeParse({ ...edit, password: 'secret1' }))).toEqual({ confirmPassword: ['Feltet er påkrævet'] });
    expect(ZUserUpdate.safeParse({ ...edit, password: 'secret1', confirmPassword: 'secret1' }).success).toBe(true);
  });
});

describe('role rules that need the department', () => {
  const shop = { id: 'a', mobileService: false };
  const van = { id: 'b', mobileService: true };
  const find = (id: string) => [shop, van].find((d) => d.id === id);

  it('Drift without Kundeservice needs a department', () => {
    expect(userRoleIssues({ roles: ['Operation'], departmentGuid: '' }, find)).toEqual([
      { path: ['departmentGuid'], message: USER_MESSAGES.operationNeedsDepartment },
    ]);
    expect(userRoleIssues({ roles: ['Operation', 'CustomerService'], departmentGuid: '' }, find)).toEqual([]);
    expect(userRoleIssues({ roles: ['Operation'], departmentGuid: 'b' }, find)).toEqual([]);
  });

  it('Stenslag needs a department without mobile service', () => {
    expect(userRoleIssues({ roles: ['QuickStoneChip'], departmentGuid: 'b' }, find)).toEqual([
      { path: ['departmentGuid'], message: USER_MESSAGES.stoneChipNeedsShop },
    ]);
    expect(userRoleIssues({ roles: ['QuickStoneChip'], departmentGuid: 'a' }, find)).toEqual([]);
  });

  it('refuses a department that does not exist', () => {
    expect(userRoleIssues({ roles: ['Stock'], departmentGuid: 'zzz' }, find)[0]?.message).toBe('Afdelingen findes ikke');
  });

  it('refuses a calendar department that does not exist', () => {
    expect(userRoleIssues({ roles: ['Stock'], departmentGuid: 'a', calendarDepartmentGuid: 'zzz' }, find)).toEqual([
      { path: ['calendarDepartmentGuid'], message: 'Afdelingen findes ikke' },
    ]);
    expect(userRoleIssues({ roles: ['Stock'], departmentGuid: 'a', calendarDepartmentGuid: 'b' }, find)).toEqual([]);
  });
});

describe('new password after a reset', () => {
  const passwords = { password: 'hemmelig1', confirmPassword: 'hemmelig1' };

  it('takes a link token, or an identifier with a six-digit code', () => {
    expect(ZPasswordResetConfirm.parse({ token: 'abc', ...passwords })).toMatchObject({ token: 'abc', identifier: '', code: '' });
    expect(ZPasswordResetConfirm.parse({ identifier: '20 33 88 99', code: '123 456', ...passwords }).code).toBe('123456');
    expect(errorsOf(ZPasswordResetConfirm.safeParse({ ...passwords }))).toEqual({
      identifier: ['Feltet er påkrævet'],
      code: ['Feltet er påkrævet'],
    });
    expect(errorsOf(ZPasswordResetConfirm.safeParse({ identifier: 'a@b.dk', code: '12a', ...passwords }))).toEqual({
      code: ['Koden består af 6 cifre'],
    });
  });

  it('needs the password twice, at least 6 characters, the same both times', () => {
    expect(errorsOf(ZPasswordResetConfirm.safeParse({ token: 'abc' }))).toEqual({
      password: ['Feltet er påkrævet'],
      confirmPassword: ['Feltet er påkrævet'],
    });
    expect(errorsOf(ZPasswordResetConfirm.safeParse({ token: 'abc', password: 'kort', confirmPassword: 'kort' }))).toEqual({
      password: ['Kodeordet skal indeholde minimum 6 karakter'],
      confirmPassword: ['Kodeordet skal indeholde minimum 6 karakter'],
    });
    expect(errorsOf(ZPasswordResetConfirm.safeParse({ token: 'abc', password: 'hemmelig1', confirmPassword: 'hemmelig2' }))).toEqual({
      confirmPassword: ['Felterne stemmer ikke overens'],
    });
  });
});

describe('lists of users in a role (issue 37)', () => {
  it('lets everyone list the fitters and reviewers, and only an administrator the other roles', () => {
    expect(mayListRole(['Stock'], 'Operation')).toBe(true);
    expect(mayListRole(['CustomerService'], 'ReviewManager')).toBe(true);
    expect(mayListRole(['Stock'], 'Adminstrator')).toBe(false);
    expect(mayListRole(['TimeManagement', 'Operation'], 'CustomerService')).toBe(false);
    expect(mayListRole(['Adminstrator'], 'Adminstrator')).toBe(true);
  });

  it('keeps of a person only id, name, initials and department', () => {
    expect(Object.keys(ZRoleMember.shape).sort()).toEqual(['departmentGuid', 'departmentName', 'id', 'initials', 'name']);
  });
});
