import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description of every route at /api/docs (JSON at /api/docs/json). */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Rudeplan API',
          description:
            'The API of Rudeplan. Dates are YYYY-MM-DDTHH:mm:ss in Copenhagen time without offset; money is kroner with two decimals, prices excl. VAT. ' +
            'Errors answer {status, type, message, errors, stackTrace}. Sign in with POST /api/user/login; the session cookie carries the rest.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'rudeplan_session' } },
        },
        security: [{ session: [] }],
      },
      transform: jsonSchemaTransform,
    });
    // Under the app's own policy and frame protection (plugins/security.ts): the UI's page loads its scripts and styles
    // from /api/docs/static and has no inline script, so it needs no `staticCSP` of its own (which would replace the
    // app's with a looser one allowing frames and any https style); its validator badge, the one outside call, is off.
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' }, validatorUrl: false });
  },
  { name: 'openapi' },
);
