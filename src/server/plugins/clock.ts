import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's clock: what "now" is for the rules that depend on it (free places, delivery times). The real time,
     * unless a test builds the app with its own (buildApp's `clock`: an evening, a Sunday).
     */
    clock: () => Date;
  }
}

export const clockPlugin = fp(
  async (app, options: { clock?: (() => Date) | undefined }) => {
    app.decorate('clock', options.clock ?? (() => new Date()));
  },
  { name: 'clock' },
);
