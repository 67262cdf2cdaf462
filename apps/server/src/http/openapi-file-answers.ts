import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;

/**
 * The OpenAPI transform of the zod schemas, and one thing more: an answer
 * declared as a file (`fileAnswer('application/zip')` in packages/shared) is
 * shown under its own media type with a binary body, not as a JSON string.
 */
export const openApiTransform: Transform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const response = (transformed.schema as { response?: Record<string, Record<string, unknown>> })
    ?.response;
  for (const [status, schema] of Object.entries(response ?? {})) {
    const mediaType = schema.contentMediaType;
    if (typeof mediaType !== 'string') continue;
    response![status] = {
      description: 'Default Response',
      content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return transformed;
};
