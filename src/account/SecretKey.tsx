import { Box, Stack, Typography } from '@mui/material';
import type { Enrolment } from './twoFactor';
import { useText } from '../i18n/text';

/** The QR code an authenticator app scans, and the key to type where scanning is not possible. */
export const SecretKey = ({ enrolment }: { enrolment: Enrolment }) => {
  const translate = useText();
  return (
    <Stack spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="img"
        src={enrolment.qr}
        alt={translate('app.two_factor.qr_alt')}
        width={200}
        height={200}
        sx={{ bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Typography variant="body2">
        {translate('app.two_factor.key')}:{' '}
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{ fontFamily: 'monospace', fontSize: '0.95rem', wordBreak: 'break-all' }}
        >
          {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </Box>
      </Typography>
    </Stack>
  );
};
