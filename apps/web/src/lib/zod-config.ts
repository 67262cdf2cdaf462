import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may. The page's
 * Content-Security-Policy forbids eval, so the attempt only fails and files a
 * CSP violation; parse without it. Imported first by main.tsx: the setting is
 * read when a schema is created.
 */
z.config({ jitless: true });
