import { createElement } from 'react';
import type { RaThemeOptions } from 'react-admin';
import { ListError } from '../resources/shared/ListError';
import { darkTheme, lightTheme } from '../theme';

/** react-admin's own components, styled for the console only: the sign-in page loads none of them. */
const withConsoleParts = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: {
    ...theme.components,
    // A list wider than the screen scrolls inside its card instead of pushing the page sideways.
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } },
      // A failed load is an error panel with Retry, in every list (issue 31, item 6).
      defaultProps: { error: createElement(ListError) },
    },
    // A record's page no wider than the screen: its wide tables scroll in their own box.
    RaShow: { styleOverrides: { root: { '& .RaShow-card': { minWidth: 0 } } } },
    // A record's value (an id, an address, a reason) wraps anywhere rather than widen a phone's page.
    RaLabeled: { styleOverrides: { root: { minWidth: 0, overflowWrap: 'anywhere' } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
  },
});

export const consoleLightTheme = withConsoleParts(lightTheme);
export const consoleDarkTheme = withConsoleParts(darkTheme);
