/**
 * `npm run bench [-- --orders N --products N --departments N --fresh --force --only foundation|orders|booking|order-search]`:
 * measures the hot paths on the real server and prints one Markdown table per group.
 * - foundation: health, session, users, departments and login on a fresh demo database;
 * - orders: order creation on the large generated database (scripts/generate-data.ts), which is
 *   generated on the first run (a minute or two for a million orders) and kept for the next ones;
 * - booking: only the orders group's booking throughput, with pgbench beside it (run only with --only);
 * - order-search: the order list's free-text search and the header's order search on the same large database (run only
 *   with --only; BENCH_SEARCH=header measures the header's search alone).
 * Figures go in the issue notes; no test asserts timings. The run fails only when a correctness
 * check fails (the one-slot capacity test).
 */
import type { DataSizes } from '../generate-data';
import { runFoundationBench } from './foundation.bench';
import { printTable } from './measure';
import { runOrderSearchBench, runOrdersBench } from './orders.bench';

function parseArgs(argv: string[]) {
  const sizes: Partial<DataSizes> = {};
  let fresh = false;
  let force = false;
  let only: 'foundation' | 'orders' | 'booking' | 'order-search' | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const number = () => {
      const n = Number((argv[++i] ?? '').replace(/_/g, ''));
      if (!Number.isInteger(n) || n <= 0) throw new Error(`${arg} needs a whole number`);
      return n;
    };
    if (arg === '--orders') sizes.orders = number();
    else if (arg === '--products') sizes.products = number();
    else if (arg === '--departments') sizes.departments = number();
    else if (arg === '--fresh') fresh = true;
    else if (arg === '--force') force = true;
    else if (arg === '--only') {
      const group = argv[++i];
      if (group !== 'foundation' && group !== 'orders' && group !== 'booking' && group !== 'order-search')
        throw new Error('--only takes foundation, orders, booking or order-search');
      only = group;
    } else throw new Error(`Unknown argument ${arg}`);
  }
  return { sizes, fresh, force, only };
}

const args = parseArgs(process.argv.slice(2));
let ok = true;
if (args.only === 'order-search') {
  const outcome = await runOrderSearchBench(args);
  printTable('Order list free-text search (large generated database)', outcome.results, outcome.notes);
} else if (args.only === 'booking') {
  const outcome = await runOrdersBench({ ...args, bookingOnly: true });
  printTable('Booking throughput (large generated database)', outcome.results, outcome.notes);
} else {
  if (args.only !== 'orders') {
    printTable('Foundation (demo database)', await runFoundationBench());
  }
  if (args.only !== 'foundation') {
    const outcome = await runOrdersBench(args);
    printTable('Order creation (large generated database)', outcome.results, outcome.notes);
    ok = outcome.ok;
  }
}
if (!ok) {
  console.error('\nA benchmark check failed.');
  process.exitCode = 1;
}
