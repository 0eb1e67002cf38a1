/**
 * Imports a screen after zod and the schema modules it builds on, one import at a time. A browser runs all the
 * modules one import brings in a single task, and zod builds each schema while its module runs: zod, the order's
 * schemas and a form screen were one task of 40–60 ms here, four times that on Lighthouse's phone (issue 17: blocking
 * time). Nothing waits longer for it: a first screen's files are all named in the page (screen-preloads), and on a
 * later screen zod and the schemas are usually there already. zod comes in through validation.ts (which sets its
 * Danish messages), not `import('zod')`: a dynamic import of the package would bring all of it, not the parts in use.
 */
export function importAfterSchemas<T>(schemas: readonly (() => Promise<unknown>)[], load: () => Promise<T>): Promise<T> {
  return [() => import('@/domain/lib/validation'), ...schemas]
    .reduce<Promise<unknown>>((done, next) => done.then(nextTask).then(next), Promise.resolve())
    .then(nextTask)
    .then(load);
}

/**
 * Resolves in a task of its own. An import of modules the browser already has (the page names them all) resolves
 * within the task that asked for it, so without this the stages still ran as one long task.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * The order's schemas, the stages most form screens build on: its parts, the order, then the order's first parse
 * (an empty order, which the order form makes when it loads): zod builds an object schema's parser on its first use.
 */
export const orderSchemas = [
  () => import('@/domain/orders/order-parts.schemas'),
  () => import('@/domain/orders/order.schemas'),
  () => import('@/domain/orders/order.schemas').then((schemas) => schemas.emptyOrder()),
] as const;

/**
 * A stage that makes the browser's Danish collation ready: the first comparison in Danish ('da') loads ICU's rules,
 * 5–10 ms inside the first draw of a screen that sorts names (the calendar's departments, the map's vans, the
 * worksheet's fitters); the browser keeps them for every later comparison.
 */
export const danishCollation = (): Promise<number> => Promise.resolve().then(() => 'a'.localeCompare('b', 'da'));
