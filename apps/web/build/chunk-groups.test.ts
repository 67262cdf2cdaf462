import { describe, expect, it } from 'vitest';
import { startPageChunkGroup } from './chunk-groups';
import { fakeGraph } from './fake-module-graph';

const nm = (path: string) => `/app/node_modules/${path}`;

const graph = fakeGraph({
  '/app/src/main.tsx': {
    code: 'import { createRoot } from "react-dom/client";\nimport { Button } from "@mui/material";\nimport { shell } from "./shell";\nimport { early } from "./early";',
    imports: [
      nm('react-dom/client.js'),
      nm('@mui/material/index.js'),
      '/app/src/shell.ts',
      '/app/src/early.ts',
    ],
  },
  '/app/src/early-entry.ts': {
    code: 'import { early } from "./early";',
    imports: ['/app/src/early.ts'],
  },
  '/app/src/early.ts': { code: 'export const early = 1;', exports: ['early'] },
  '/app/src/shell.ts': {
    code: 'export const shell = () => import("./start-page");',
    exports: ['shell'],
  },
  '/app/src/start-page.tsx': {
    code: 'import { Chip } from "@mui/material";\nimport { news } from "./news";\nimport { shell } from "./shell";\nimport { newsTexts } from "@shared/texts/news";',
    imports: [
      nm('@mui/material/index.js'),
      '/app/src/news.ts',
      '/app/src/shell.ts',
      '/app/packages/shared/src/texts/news.ts',
    ],
  },
  '/app/packages/shared/src/texts/news.ts': {
    code: 'export const newsTexts = {};',
    exports: ['newsTexts'],
  },
  '/app/src/news.ts': { code: 'export const news = 1;', exports: ['news'] },
  [nm('react-dom/client.js')]: { code: 'module.exports = {};' },
  [nm('@mui/material/index.js')]: {
    code: 'export { default as Button } from "./Button";\nexport { default as Chip } from "./Chip";\nexport { default as Dialog } from "./Dialog";',
    imports: [
      nm('@mui/material/Button.js'),
      nm('@mui/material/Chip.js'),
      nm('@mui/material/Dialog.js'),
    ],
    exports: ['Button', 'Chip', 'Dialog'],
  },
  [nm('@mui/material/Button.js')]: { code: 'export default 1;', exports: ['default'] },
  [nm('@mui/material/Chip.js')]: { code: 'export default 1;', exports: ['default'] },
  [nm('@mui/material/Dialog.js')]: { code: 'export default 1;', exports: ['default'] },
  '/app/src/editor.tsx': { code: 'export default 1;', exports: ['default'] },
});

const groupOf = startPageChunkGroup({
  main: '/app/src/main.tsx',
  earlyRequests: '/app/src/early-entry.ts',
  startPage: '/app/src/start-page.tsx',
});

describe('the start page chunk groups', () => {
  it('keeps what the early-requests script shares with the app in a chunk of its own', () => {
    expect(groupOf('/app/src/early.ts', graph)).toBe('early-requests');
  });

  it('puts the npm packages and the app shell apart, and the start page after them', () => {
    expect(groupOf(nm('react-dom/client.js'), graph)).toBe('vendor');
    expect(groupOf(nm('@mui/material/Button.js'), graph)).toBe('vendor');
    expect(groupOf('/app/src/main.tsx', graph)).toBe('app-shell');
    expect(groupOf('/app/src/shell.ts', graph)).toBe('app-shell');
    expect(groupOf('\0vite/modulepreload-polyfill.js', graph)).toBe('app-shell');
    expect(groupOf(nm('@mui/material/Chip.js'), graph)).toBe('vendor');
    expect(groupOf('/app/src/start-page.tsx', graph)).toBe('start-page');
    expect(groupOf('/app/src/news.ts', graph)).toBe('start-page');
  });

  it('keeps what the start page takes from the shared package apart from its own code', () => {
    expect(groupOf('/app/packages/shared/src/texts/news.ts', graph)).toBe('start-shared');
  });

  it("leaves what neither the entry nor the start page imports to the bundler's own splitting", () => {
    expect(groupOf(nm('@mui/material/Dialog.js'), graph)).toBeNull();
    expect(groupOf('/app/src/editor.tsx', graph)).toBeNull();
  });
});
