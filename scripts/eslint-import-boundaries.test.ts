import path from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { importBoundaries } from './eslint-import-boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const linter = new Linter({ configType: 'flat' });

function lint(file: string, code: string) {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: { sourceType: 'module' },
          plugins: { boundaries: importBoundaries },
          rules: {
            'boundaries/web-not-server': 'error',
            'boundaries/features-isolated': 'error',
            'boundaries/shared-standalone': 'error',
          },
        },
      ],
      path.join(root, file),
    )
    .map((message) => message.ruleId);
}

describe('import boundaries', () => {
  it('the web app may not import server code', () => {
    expect(
      lint('apps/web/src/lib/x.ts', "import { buildApp } from '../../../server/src/app';"),
    ).toEqual(['boundaries/web-not-server']);
    expect(lint('apps/web/src/lib/x.ts', "import { sv } from '@skolportalen/shared';")).toEqual([]);
  });

  it('a feature may not import another feature, but app/ may compose them', () => {
    expect(
      lint(
        'apps/web/src/features/auth/x.ts',
        "import { a } from '@/features/accounts/api/related-accounts';",
      ),
    ).toEqual(['boundaries/features-isolated']);
    expect(
      lint(
        'apps/web/src/features/auth/x.ts',
        "import { a } from '../accounts/api/related-accounts';",
      ),
    ).toEqual(['boundaries/features-isolated']);
    expect(lint('apps/web/src/features/auth/x.ts', "import { a } from './api/login';")).toEqual([]);
    expect(
      lint(
        'apps/web/src/app/x.ts',
        "import { a } from '@/features/accounts/api/related-accounts';",
      ),
    ).toEqual([]);
  });

  it('the shared package imports nothing of the apps', () => {
    expect(
      lint('packages/shared/src/x.ts', "import { a } from '../../../apps/web/src/lib/paths';"),
    ).toEqual(['boundaries/shared-standalone']);
  });
});
