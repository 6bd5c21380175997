import { createTheme } from '@mui/material';

/** SPEC §9: the product's green, for the page's band and icons. */
export const BRAND_GREEN = 'rgb(22, 163, 74)';

/**
 * The brand green reads at 3.3:1 on white, under the 4.5:1 small text needs: buttons, links and
 * green text take its darker shade (5:1), as the dashboard's theme does.
 */
export const payTheme = createTheme({
  palette: {
    mode: 'light',
    contrastThreshold: 4.5,
    primary: { main: '#15803D', dark: '#166534', light: BRAND_GREEN, contrastText: '#FFFFFF' },
    error: { main: '#C62828' },
    warning: { main: '#B45309' },
    background: { default: '#F6F8F7', paper: '#FFFFFF' },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'Inter, "Segoe UI", Roboto, Helvetica, Arial, sans-serif' },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
    },
  },
});
