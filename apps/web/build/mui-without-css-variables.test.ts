import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutCssVariables } from './mui-without-css-variables';

/** The installed MUI's module, as the bundler reads it. */
function muiModule(file: string) {
  const styles = path.dirname(createRequire(import.meta.url).resolve('@mui/material/styles'));
  const id = path.join(styles, '..', 'esm', 'styles', file);
  return { id, code: readFileSync(id, 'utf8') };
}

describe("the build's MUI without the CSS-variables theme", () => {
  it.each(['ThemeProvider.js', 'createTheme.js'])(
    "cuts the installed MUI's %s loose from the CSS-variables code",
    (file) => {
      const { id, code } = muiModule(file);
      expect(code).toMatch(/WithVars\.js/);
      const changed = withoutCssVariables(id, code)!;
      expect(changed).not.toMatch(/WithVars\.js/);
      expect(changed).toContain("MUI's CSS-variables theme is left out of this build");
    },
  );

  it('fails the build when MUI no longer imports it that way', () => {
    const { id } = muiModule('createTheme.js');
    expect(() => withoutCssVariables(id, 'export default function createTheme() {}')).toThrow(
      'MUI changed',
    );
  });

  it('leaves every other module as it is', () => {
    const { id, code } = muiModule('createThemeNoVars.js');
    expect(withoutCssVariables(id, code)).toBeUndefined();
  });
});
