import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sourcesHash } from './build-web.mjs';

let base: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'build-web-'));
  mkdirSync(path.join(base, 'src/deep'), { recursive: true });
  writeFileSync(path.join(base, 'src/a.ts'), 'a');
  writeFileSync(path.join(base, 'src/deep/b.ts'), 'b');
  writeFileSync(path.join(base, 'index.html'), '<html>');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const hash = () => sourcesHash(base, ['src', 'index.html', 'missing.json']);

describe('the web build stamp', () => {
  it('is the same for the same sources, whatever order they were written in', () => {
    expect(hash()).toBe(hash());
  });

  it('changes when a file changes, appears, moves or goes', () => {
    const before = hash();
    writeFileSync(path.join(base, 'src/deep/b.ts'), 'b2');
    const changed = hash();
    expect(changed).not.toBe(before);
    writeFileSync(path.join(base, 'src/c.ts'), '');
    const added = hash();
    expect(added).not.toBe(changed);
    rmSync(path.join(base, 'src/c.ts'));
    expect(hash()).toBe(changed);
    rmSync(path.join(base, 'src/deep/b.ts'));
    writeFileSync(path.join(base, 'src/b.ts'), 'b2');
    expect(hash()).not.toBe(changed);
  });

  it('leaves out node_modules', () => {
    const before = hash();
    mkdirSync(path.join(base, 'src/node_modules'));
    writeFileSync(path.join(base, 'src/node_modules/x.js'), 'x');
    expect(hash()).toBe(before);
  });
});
