import type { MouseEvent } from 'react';
import { Link } from '@mui/material';
import { goTo } from '../../location';

/** A link from the sign-in page to another public page: the console's router is not loaded here. */
export const SignInLink = ({ to, children }: { to: string; children: string }) => (
  <Link
    href={to}
    variant="body2"
    underline="hover"
    onClick={(event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      goTo(to);
    }}
  >
    {children}
  </Link>
);
