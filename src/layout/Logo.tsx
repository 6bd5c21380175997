import { Box, Typography } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { homePath } from '../../domain/access';
import type { Role } from '../../domain/roles';

/** The sidebar's title is the logo: it leads to the role's home (SPEC §2). */
export const Logo = ({ role, onNavigate }: { role: Role; onNavigate?: () => void }) => {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to={homePath(role)}
      onClick={onNavigate}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', textDecoration: 'none', minWidth: 0 }}
    >
      <PaymentsIcon aria-hidden />
      <Typography
        component="span"
        noWrap
        sx={{ fontSize: 18, fontWeight: 700, letterSpacing: 0.2, color: 'text.primary' }}
      >
        {translate('app.name')}
      </Typography>
    </Box>
  );
};
