/**
 * A limit on how many of some tasks run at once: `run(task)` starts the task when fewer than `limit` run, else when
 * one ends (first come, first served). For work that would otherwise take every core or every database connection
 * when a burst of requests arrives, so the requests around it keep being answered.
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running++;
    // The task that ends hands its place straight to the next one waiting.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
