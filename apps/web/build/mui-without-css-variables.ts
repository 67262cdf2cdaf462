import type { Plugin } from 'vite';

/**
 * MUI's `ThemeProvider` and `createTheme` carry the theme on CSS variables
 * (`CssVarsProvider`, colour schemes, the colour-scheme script) beside the
 * classic theme and choose between them as they run, so a bundler keeps both.
 * The portal's theme has neither CSS variables nor colour schemes (app/theme.ts),
 * so MUI takes the classic branch, and the other was 6 kB of the first page with
 * Brotli. The build cuts the import of the CSS-variables code from those two
 * modules; should a theme ever ask for it, the page fails at once with the
 * reason rather than looking different.
 */
export const cssVariablesImports: { file: RegExp; from: string; stub: string }[] = [
  {
    file: /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]ThemeProvider\.js$/,
    from: 'import { CssVarsProvider } from "./ThemeProviderWithVars.js";',
    stub: 'CssVarsProvider',
  },
  {
    file: /[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/,
    from: 'import createThemeWithVars from "./createThemeWithVars.js";',
    stub: 'createThemeWithVars',
  },
];

const unsupported =
  "MUI's CSS-variables theme is left out of this build (apps/web/build/mui-without-css-variables.ts)";

/** The module's code without its import of MUI's CSS-variables theme; undefined for other modules. */
export function withoutCssVariables(id: string, code: string): string | undefined {
  const cut = cssVariablesImports.find(({ file }) => file.test(id));
  if (!cut) return undefined;
  if (!code.includes(cut.from)) {
    throw new Error(
      `${id} no longer has "${cut.from}": MUI changed; see apps/web/build/mui-without-css-variables.ts`,
    );
  }
  return code.replace(
    cut.from,
    `const ${cut.stub} = () => { throw new Error(${JSON.stringify(unsupported)}); };`,
  );
}

export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'skolportalen:mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const changed = withoutCssVariables(id, code);
      return changed === undefined ? null : { code: changed, map: null };
    },
  };
}
