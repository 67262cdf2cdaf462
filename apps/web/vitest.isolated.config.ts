import { webProject } from './vitest.config';

/** The web tests that need a fresh module graph per file (see vitest.config.ts). */
export default webProject(true);
