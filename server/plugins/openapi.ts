import type { SwaggerOptions } from '@fastify/swagger';

/** The OpenAPI document's head (its paths come from the route schemas), served at /v1/docs. */
export const openApiOptions: SwaggerOptions = {
  openapi: {
    info: { title: 'Payment-Gateway console API', version: '1' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
      },
    },
  },
};
