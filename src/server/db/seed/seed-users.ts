import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TRole } from '@/domain/users';
import { hashPassword } from '@/server/auth/passwords';
import type { Tx } from '@/server/db/client';
import { departments, users } from '@/server/db/schema';

export const DEMO_PASSWORD = 'demo1234';

interface DemoUser {
  initials: string;
  name: string;
  roles: TRole[];
  phone: string;
  allowSms: boolean;
  /** NAV location code of the user's department, when the user has one. */
  department?: string;
}

/** The demo logins listed in the README, and fitters so worksheets and calendars have people to pick. */
export const DEMO_USERS: DemoUser[] = [
  {
    initials: 'ADM',
    name: 'Anette Dahl Madsen',
    roles: ['Adminstrator', 'VINSearch', 'AutovalidVINSearch'],
    phone: '20114455',
    allowSms: false,
  },
  { initials: 'KS', name: 'Karina Sørensen', roles: ['CustomerService'], phone: '20226677', allowSms: true },
  { initials: 'OP', name: 'Ole Pedersen', roles: ['Operation'], phone: '20338899', allowSms: true, department: 'ARH' },
  { initials: 'LAG', name: 'Lars Gram', roles: ['Stock'], phone: '20441122', allowSms: false, department: 'ARH' },
  { initials: 'REV', name: 'Rikke Vestergaard', roles: ['ReviewManager'], phone: '20553344', allowSms: false },
  { initials: 'REK', name: 'Rasmus Kjær', roles: ['Complaint', 'CustomerService'], phone: '20665566', allowSms: false },
  { initials: 'TM', name: 'Tina Mortensen', roles: ['TimeManagement'], phone: '20778811', allowSms: false, department: 'ARH' },
];

const FITTER_NAMES = [
  'Jens Holm',
  'Mikkel Lund',
  'Søren Bak',
  'Henrik Nørgaard',
  'Thomas Vinther',
  'Peter Kristensen',
  'Martin Dalsgaard',
  'Kasper Højgaard',
  'Nikolaj Friis',
  'Brian Thygesen',
  'Anders Skov',
  'Jesper Lykke',
  'Michael Bech',
  'Frederik Krogh',
  'Rune Damgaard',
  'Emil Aagaard',
];

function initialsOf(name: string, taken: Set<string>): string {
  const parts = name.split(' ');
  const base = parts
    .map((p) => p[0])
    .join('')
    .toUpperCase();
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base}${i}`;
  taken.add(candidate);
  return candidate;
}

export async function seedUsers(tx: Tx): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const shops = await tx
    .select({ id: departments.id, code: departments.navLocationCode })
    .from(departments)
    .where(and(eq(departments.mobileService, false), eq(departments.inActive, false)))
    .orderBy(asc(departments.name));
  const codes = DEMO_USERS.map((u) => u.department).filter((c): c is string => Boolean(c));
  const named = codes.length
    ? await tx
        .select({ id: departments.id, code: departments.navLocationCode })
        .from(departments)
        .where(inArray(departments.navLocationCode, codes))
    : [];
  const byCode = new Map(named.map((d) => [d.code, d.id]));
  // Should the catalogue lack a code, a fitter still gets a real shop.
  const fallback = shops[0]?.id ?? null;

  const taken = new Set(DEMO_USERS.map((u) => u.initials));
  const fitters: DemoUser[] = FITTER_NAMES.map((name, i) => ({
    initials: initialsOf(name, taken),
    name,
    roles: ['Operation'],
    phone: String(30_000_000 + i * 104_729),
    allowSms: true,
  }));

  const rows = [...DEMO_USERS, ...fitters].map((u, i) => {
    const departmentId = u.department
      ? (byCode.get(u.department) ?? fallback)
      : u.roles.includes('Operation') && shops.length
        ? shops[i % shops.length]!.id
        : null;
    return {
      name: u.name,
      initials: u.initials,
      email: `${u.initials.toLowerCase()}@rudeplan.dk`,
      phone: u.phone,
      roles: u.roles,
      departmentId,
      calendarDepartmentId: departmentId,
      allowSms: u.allowSms,
      allowEmail: true,
      passwordHash,
    };
  });
  await tx.insert(users).values(rows);
}
