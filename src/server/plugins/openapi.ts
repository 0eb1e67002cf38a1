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
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  },
  { name: 'openapi' },
);
