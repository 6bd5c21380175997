import { render, screen } from '@testing-library/react';
import { createTheme, useTheme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { consoleDarkTheme, consoleLightTheme } from '../layout/consoleTheme';
import { darkTheme, lightTheme } from '../theme';
import ThemeProvider from './mui-theme-provider';

/** Issue 33, part 2: the build puts this provider in place of MUI's, for themes without colour schemes. */
const Shown = () => {
  const theme = useTheme();
  return <p>{`${theme.palette.mode} ${theme.palette.primary.main} ${String(theme.vars)}`}</p>;
};

describe("the console's ThemeProvider", () => {
  it.each([
    ['console light', consoleLightTheme],
    ['console dark', consoleDarkTheme],
    ['sign-in light', lightTheme],
    ['sign-in dark', darkTheme],
  ])('gives the %s theme, made as react-admin makes it, to what it draws', (_name, options) => {
    const theme = createTheme(options);
    expect('colorSchemes' in theme).toBe(false);
    render(
      <ThemeProvider theme={theme as never}>
        <Shown />
      </ThemeProvider>,
    );
    screen.getByText(`${theme.palette.mode} ${theme.palette.primary.main} null`);
  });

  it('refuses a theme with colour schemes rather than drawing it without its colours', () => {
    const withSchemes = createTheme({ cssVariables: true, colorSchemes: { light: true, dark: true } });
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<ThemeProvider theme={withSchemes as never} />)).toThrow(/colour schemes/);
    } finally {
      console.error = quiet;
    }
  });
});
