/** The demo users of the seed (password demo1234) and the roles each holds. */
export const DEMO_USERS = {
  ADM: ['Adminstrator', 'VINSearch', 'AutovalidVINSearch'],
  KS: ['CustomerService'],
  OP: ['Operation'],
  LAG: ['Stock'],
  REV: ['ReviewManager'],
  REK: ['Complaint', 'CustomerService'],
  TM: ['TimeManagement'],
} as const satisfies Record<string, readonly string[]>;

export type DemoInitials = keyof typeof DEMO_USERS;
export const DEMO_INITIALS = Object.keys(DEMO_USERS) as DemoInitials[];
