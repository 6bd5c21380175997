import type { MouseEvent } from 'react';
import { Typography } from '@mui/material';
import { goTo } from '../../location';
import { linkColours } from '../../theme';

/**
 * A link from the sign-in page to another public page: the console's router is not loaded here.
 * Drawn as the theme draws MUI's Link (its text green, underlined on hover) with the Typography the
 * page already loads: MUI's Link was about 1.5 kB gzip of the sign-in page (issue 33, part 2).
 */
export const SignInLink = ({ to, children }: { to: string; children: string }) => (
  <Typography
    component="a"
    href={to}
    variant="body2"
    sx={(theme) => {
      const { color, underline } = linkColours(theme.palette.mode);
      return {
        color,
        textDecoration: 'none',
        textDecorationColor: underline,
        '&:hover': { textDecoration: 'underline' },
      };
    }}
    onClick={(event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      goTo(to);
    }}
  >
    {children}
  </Typography>
);
