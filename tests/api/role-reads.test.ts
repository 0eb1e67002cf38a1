import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/** What each role reads of other people (issue 37): the lists of users in a role. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const usersInRole = async (role: string, initials: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/user/usersinrole/${role}`, headers: { cookie: await login(ctx.app, initials) } });

describe('GET /api/user/usersinrole/{role}', () => {
  it('answers a list of people with what the screens show of them: id, name, initials and department, never contact data, roles or last login', async () => {
    for (const [role, initials] of [
      ['Operation', 'LAG'],
      ['Operation', 'OP'],
      ['ReviewManager', 'KS'],
      ['Operation', 'ADM'],
    ] as const) {
      const response = await usersInRole(role, initials);
      expect(response.statusCode, `${role} as ${initials}`).toBe(200);
      const list = response.json() as Array<Record<string, unknown>>;
      expect(list.length).toBeGreaterThan(0);
      for (const person of list)
        expect(Object.keys(person).sort(), `${role} as ${initials}`).toEqual([
          'departmentGuid',
          'departmentName',
          'id',
          'initials',
          'name',
        ]);
    }
    const fitters = (await usersInRole('Operation', 'LAG')).json() as Array<{ initials: string; departmentName: string }>;
    expect(fitters.find((f) => f.initials === 'OP')).toMatchObject({ departmentName: 'Aarhus' });
    expect(JSON.stringify(fitters)).not.toContain('@');
  });

  it("refuses the lists no screen of the user's shows (the administrators to Stock), in Danish; the administrator keeps every list", async () => {
    for (const [role, initials] of [
      ['Adminstrator', 'LAG'],
      ['CustomerService', 'OP'],
      ['TimeManagement', 'REV'],
    ] as const) {
      const response = await usersInRole(role, initials);
      expect(response.statusCode, `${role} as ${initials}`).toBe(403);
      expect(response.json().message).toBe('Du har ikke adgang til listen over brugere med den rolle');
    }
    const admins = await usersInRole('Adminstrator', 'ADM');
    expect(admins.statusCode).toBe(200);
    expect((admins.json() as Array<{ initials: string }>).map((u) => u.initials)).toContain('ADM');
    expect(Object.keys((admins.json() as object[])[0]!)).not.toContain('email');
    // The user administration's own calls keep the whole user.
    const all = await ctx.app.inject({ method: 'GET', url: '/api/user/users', headers: { cookie: await login(ctx.app, 'ADM') } });
    expect((all.json() as Array<Record<string, unknown>>)[0]).toHaveProperty('email');
  });
});
