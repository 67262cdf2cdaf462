import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const readme = read('README.md');
const topSections = [...readme.matchAll(/^## (.+)$/gm)].map((match) => match[1]);

describe('the README as a newcomer meets it', () => {
  it('starts with the two commands, in that order, before anything else', () => {
    const quickStart = readme.indexOf('## Quick start');
    expect(quickStart).toBeGreaterThan(0);
    expect(readme.indexOf('npm install && npm start')).toBeGreaterThan(quickStart);
    expect(readme.indexOf('npm test')).toBeGreaterThan(readme.indexOf('npm install && npm start'));
    expect(topSections.slice(0, 3)).toEqual(['Quick start', 'Demo logins', 'Configuration']);
    expect(topSections).toContain('Architecture and working on the code');
  });

  it('says which Node versions are supported, what the first start does and how to reset the demo', () => {
    expect(readme).toMatch(/Node 20\.19 or newer[^.]*Node 24\s+LTS/);
    expect(readme).toMatch(/first `npm start` takes about a minute/);
    expect(readme).toContain('rm -rf data && npm start');
    expect(readme).toMatch(/Välj vilken roll\s+du vill logga in som/);
  });

  it('keeps the long reference in docs/, linked, and stays short', () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(20_000);
    const links = [...readme.matchAll(/\]\(((?:docs\/|CHANGELOG|SECURITY)[^)#]*)/g)].map(
      (match) => match[1]!,
    );
    expect(links).toEqual(
      expect.arrayContaining(['docs/integrations.md', 'docs/features.md', 'docs/benchmarks.md']),
    );
    for (const link of links) expect(existsSync(path.join(root, link)), link).toBe(true);
  });

  it('documents every setting the server reads, here or in docs/', () => {
    const config = ['config.ts', 'config-env.ts', 'config-sections.ts']
      .map((file) => read(`apps/server/src/${file}`))
      .join('\n');
    const settings = new Set(
      [...config.matchAll(/^\s+([A-Z][A-Z0-9_]{2,}): (?:z\.|booleanFlag|trustProxySetting)/gm)].map(
        (match) => match[1]!,
      ),
    );
    expect(settings.size).toBeGreaterThan(20);
    // The reference pages of docs/ (and its folders), not the decision records.
    const referencePages = readdirSync(path.join(root, 'docs'), {
      recursive: true,
      encoding: 'utf8',
    })
      .filter((file) => file.endsWith('.md') && !file.startsWith('decisions'))
      .map((file) => read(path.join('docs', file)));
    expect(referencePages.length).toBeGreaterThan(3);
    const documented = [readme, ...referencePages].join('\n');
    const missing = [...settings].filter((name) => !documented.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
