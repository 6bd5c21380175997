import { Link as MuiLink } from '@mui/material';
import { Link } from 'react-router-dom';

export const PageLink = ({ to, children }: { to: string; children: string }) => (
  <MuiLink component={Link} to={to} variant="body2" underline="hover">
    {children}
  </MuiLink>
);
