import { z } from './zod-sv';

/**
 * An answer that is a file sent as it is (a ZIP, a CSV), not JSON: the
 * OpenAPI document shows it under its own media type with a binary body
 * (the server's `fileAnswersInOpenApi`). The handler sends the bytes itself.
 */
export const fileAnswer = (mediaType: string) =>
  z.string().meta({ format: 'binary', contentMediaType: mediaType });
