import { describe, expect, it } from 'vitest';
import { fakeGraph } from './fake-module-graph';
import { staticClosure } from './module-graph';

const sorted = (ids: Set<string>) => [...ids].sort();

describe('the modules a page loads', () => {
  it('follows static imports, not lazy ones', () => {
    const graph = fakeGraph({
      page: {
        code: 'import { a } from "./a";\nconst later = () => import("./lazy");\nexport default a;',
        imports: ['a'],
      },
      a: { code: 'import b from "./b";\nexport const a = b;', imports: ['b'], exports: ['a'] },
      b: { code: 'export default 1;', exports: ['default'] },
      lazy: { code: 'export default 2;' },
    });
    expect(sorted(staticClosure(graph, 'page'))).toEqual(['a', 'b', 'page']);
  });

  it('takes from a barrel only the modules that provide the names imported', () => {
    const graph = fakeGraph({
      page: {
        code: 'import { texts } from "@shared";\nexport default texts;',
        imports: ['shared'],
      },
      shared: {
        code: 'export * from "./texts";\nexport * from "./schemas";\nexport { Picker as Dialog } from "./picker";',
        imports: ['texts', 'schemas', 'picker'],
        exports: ['*', '*', 'Dialog'],
      },
      texts: { code: 'export const texts = {};', exports: ['texts'] },
      schemas: {
        code: 'import { z } from "zod";\nexport const schema = z.object({});',
        imports: ['zod'],
        exports: ['schema'],
      },
      picker: { code: 'export function Picker() {}', exports: ['Picker'] },
      zod: { code: 'export const z = {};', exports: ['z'] },
    });
    expect(sorted(staticClosure(graph, 'page'))).toEqual(['page', 'texts']);
  });

  it('follows a renamed re-export and barrels within barrels', () => {
    const graph = fakeGraph({
      page: { code: 'import { Dialog, deep } from "./feature";', imports: ['feature'] },
      feature: {
        code: 'export { Picker as Dialog } from "./picker";\nexport * from "./inner";',
        imports: ['picker', 'inner'],
        exports: ['Dialog', '*'],
      },
      inner: { code: 'export * from "./deep";', imports: ['deep'], exports: ['*'] },
      deep: {
        code: 'export const deep = 1;\nexport const unused = 2;',
        exports: ['deep', 'unused'],
      },
      picker: { code: 'export function Picker() {}', exports: ['Picker'] },
    });
    expect(sorted(staticClosure(graph, 'page'))).toEqual(['deep', 'page', 'picker']);
  });

  it('takes all of a barrel for a namespace import or an import for its effects', () => {
    const barrel = {
      code: 'export * from "./a";\nexport * from "./b";',
      imports: ['a', 'b'],
      exports: ['*', '*'],
    };
    const leaves = {
      a: { exports: ['a'], code: 'export const a = 1;' },
      b: { exports: ['b'], code: 'export const b = 1;' },
    };
    const namespace = fakeGraph({
      page: { code: 'import * as all from "./barrel";', imports: ['barrel'] },
      barrel,
      ...leaves,
    });
    const effects = fakeGraph({
      page: { code: 'import "./barrel";', imports: ['barrel'] },
      barrel,
      ...leaves,
    });
    expect(sorted(staticClosure(namespace, 'page'))).toEqual(['a', 'b', 'barrel', 'page']);
    expect(sorted(staticClosure(effects, 'page'))).toEqual(['a', 'b', 'barrel', 'page']);
  });

  it('takes every import of a module whose statements it cannot pair with its imports', () => {
    const graph = fakeGraph({
      page: { code: 'const dom = require("react-dom");', imports: ['react-dom', 'barrel'] },
      'react-dom': { code: 'module.exports = {};' },
      barrel: { code: 'export * from "./a";', imports: ['a'], exports: ['*'] },
      a: { code: 'export const a = 1;', exports: ['a'] },
    });
    expect(sorted(staticClosure(graph, 'page'))).toEqual(['a', 'barrel', 'page', 'react-dom']);
  });

  it('pairs statements with imports around the helpers the bundler adds', () => {
    const graph = fakeGraph({
      page: {
        code: 'import { a } from "./barrel";\nconst later = () => import("./lazy");',
        imports: ['barrel', '\0vite/preload-helper.js'],
      },
      barrel: {
        code: 'export * from "./a";\nexport * from "./b";',
        imports: ['a', 'b'],
        exports: ['*', '*'],
      },
      a: { code: 'export const a = 1;', exports: ['a'] },
      b: { code: 'export const b = 1;', exports: ['b'] },
      '\0vite/preload-helper.js': { code: 'export const preload = 1;', exports: ['preload'] },
    });
    expect(sorted(staticClosure(graph, 'page'))).toEqual(['\0vite/preload-helper.js', 'a', 'page']);
  });
});
