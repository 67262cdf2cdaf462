import { describe, expect, it } from 'vitest';
import { allowedIn, apps, cyclesOf, findingsOf } from './arch.mjs';

const server = apps.find((app) => app.name === 'server')!;
const file = (name: string) => `apps/server/src/${name}`;
const graphOf = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [file(from), to.map(file)]));

describe('the import check', () => {
  it('finds each cycle once, as the files that reach themselves', () => {
    const graph = graphOf({
      'a.ts': ['b.ts'],
      'b.ts': ['c.ts'],
      'c.ts': ['a.ts', 'd.ts'],
      'd.ts': [],
      'e.ts': ['e2.ts'],
      'e2.ts': ['e.ts'],
    });
    expect(cyclesOf(graph)).toEqual([
      [file('a.ts'), file('b.ts'), file('c.ts')],
      [file('e.ts'), file('e2.ts')],
    ]);
    expect(cyclesOf(graphOf({ 'a.ts': ['b.ts'], 'b.ts': [] }))).toEqual([]);
  });

  it('names two modules that import each other, and imports against the layers', () => {
    const { findings } = findingsOf(
      server,
      graphOf({
        'modules/posts/posts.service.ts': ['modules/courses/course-rules.ts'],
        'modules/courses/course-rules.ts': ['modules/posts/posts.repo.ts'],
        'modules/posts/posts.repo.ts': [],
        'identity/actor.ts': ['modules/users/users.repo.ts'],
        'http/errors.ts': [],
        'modules/users/users.repo.ts': ['identity/actor.ts', 'http/errors.ts'],
      }),
    );
    expect(findings).toEqual([
      'server cycle: identity/actor.ts ↔ modules/users/users.repo.ts',
      'server pair: modules/courses ↔ modules/posts',
      'server against the layers: identity/actor.ts → modules/users/users.repo.ts',
    ]);
  });

  it('lets a module use the identity core and http/, one way', () => {
    const { findings } = findingsOf(
      server,
      graphOf({
        'modules/users/users.routes.ts': ['identity/authenticate.ts', 'http/errors.ts'],
        'identity/authenticate.ts': ['http/errors.ts', 'db/client.ts'],
        'http/errors.ts': [],
        'db/client.ts': [],
      }),
    );
    expect(findings).toEqual([]);
  });

  it('reads the allowances of a decision record', () => {
    const record = [
      '# 99. Something',
      '```arch-allowed',
      'server pair: modules/a ↔ modules/b',
      '',
      '  server cycle: x.ts ↔ y.ts  ',
      '```',
      '```text',
      'not an allowance',
      '```',
    ].join('\n');
    expect(allowedIn(record)).toEqual([
      'server pair: modules/a ↔ modules/b',
      'server cycle: x.ts ↔ y.ts',
    ]);
  });
});
