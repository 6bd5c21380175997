import { useMemo, type ReactNode } from 'react';
import { ThemeProvider as SystemThemeProvider } from '@mui/system';

/**
 * MUI's ThemeProvider for themes without colour schemes, in place of MUI's own (vite.config.ts).
 * MUI's chooses at run time between its provider for such themes and the one for CSS-variable
 * themes, so a build carries both; the console's themes (src/theme.ts, src/layout/consoleTheme.ts)
 * have no colour schemes, and the CSS-variable provider with its colour-scheme storage and script
 * was about 4 kB gzip on every console screen (issue 33, part 2). What is left is MUI's own code
 * for such a theme (ThemeProvider.js and ThemeProviderNoVars.js, MUI 7.3). A theme with colour
 * schemes fails here loudly rather than drawing without its colours.
 */
const THEME_ID = '$$material';

type ThemeInput = Record<string, unknown> | ((outer: object) => object);

const withoutVars = (theme: ThemeInput): ThemeInput => {
  if (typeof theme === 'function') return theme;
  const muiTheme = (THEME_ID in theme ? theme[THEME_ID] : theme) as Record<string, unknown>;
  if ('colorSchemes' in muiTheme) {
    throw new Error('This build has no provider for a theme with colour schemes (src/shims/mui-theme-provider.tsx).');
  }
  // Set vars to null so that a theme inside one with CSS variables does not take them (MUI's rule).
  return 'vars' in muiTheme ? theme : { ...theme, vars: null };
};

export default function ThemeProvider({ theme, ...props }: { theme: ThemeInput; children?: ReactNode }) {
  const plain = useMemo(() => withoutVars(theme), [theme]);
  const scoped = THEME_ID in plain ? (plain as Record<string, unknown>)[THEME_ID] : undefined;
  return (
    <SystemThemeProvider
      {...props}
      themeId={scoped ? THEME_ID : undefined}
      theme={(scoped || plain) as Parameters<typeof SystemThemeProvider>[0]['theme']}
    />
  );
}
