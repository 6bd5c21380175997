import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/** SPEC §9: the primary colour and the top bar's menu button. */
export const PRIMARY_GREEN = 'rgb(22, 163, 74)';
export const MENU_BUTTON_COLOR = '#16A34A';
export const SIDEBAR_WIDTH = 248;

const shared = (base: RaThemeOptions): RaThemeOptions => ({
  ...base,
  shape: { borderRadius: 8 },
  typography: {
    ...base.typography,
    fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
    h6: { fontWeight: 600 },
  },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: 0 },
  components: {
    ...base.components,
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // A list wider than the screen scrolls inside its card instead of pushing the page sideways.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
  },
});

export const lightTheme: RaThemeOptions = {
  ...shared(defaultLightTheme),
  palette: {
    mode: 'light',
    primary: { main: PRIMARY_GREEN, contrastText: '#FFFFFF' },
    secondary: { main: '#0F766E' },
    background: { default: '#F6F8F7', paper: '#FFFFFF' },
  },
};

export const darkTheme: RaThemeOptions = {
  ...shared(defaultDarkTheme),
  palette: {
    mode: 'dark',
    primary: { main: PRIMARY_GREEN, contrastText: '#FFFFFF' },
    secondary: { main: '#2DD4BF' },
    background: { default: '#0B1210', paper: '#121A17' },
  },
};
