import { describe, expect, it } from 'vitest';
import changelog from '../../../../../../CHANGELOG.md?raw';
import { parseChangelog } from './parse-changelog';

describe('parseChangelog', () => {
  it('reads each release with its summary and items, leaving out the file’s own title', () => {
    const releases = parseChangelog(
      [
        '# Nyheter',
        'Om filen.',
        '',
        '## Version 0.2.0 – 22 november 2026',
        '',
        'Snabbare.',
        '',
        '- Startsidan visas hel.',
        '- Filer skickas',
        '  komprimerade.',
        '',
        '## Version 0.1.0 – 21 november 2026',
        '- Inloggning.',
      ].join('\n'),
    );
    expect(releases).toEqual([
      {
        title: 'Version 0.2.0 – 22 november 2026',
        summary: 'Snabbare.',
        items: ['Startsidan visas hel.', 'Filer skickas komprimerade.'],
      },
      { title: 'Version 0.1.0 – 21 november 2026', summary: '', items: ['Inloggning.'] },
    ]);
  });

  it('finds every release of the real CHANGELOG.md, newest first, each with what it brought', () => {
    const releases = parseChangelog(changelog);
    expect(releases.length).toBeGreaterThanOrEqual(5);
    expect(releases.at(-1)!.title).toMatch(/^Version 0\.1\.0 – /);
    for (const release of releases) {
      expect(release.title).toMatch(/^Version \d+\.\d+\.\d+ – \d{1,2} [a-zåäö]+ \d{4}$/);
      expect(release.items.length).toBeGreaterThan(0);
    }
  });
});
