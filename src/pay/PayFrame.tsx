import type { ReactNode } from 'react';
import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { usePayText } from './i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { BRAND_GREEN } from './theme';

/** The page around every step: a card as wide as a phone, the payee, the language switch and the TEST banner. */
export const PayFrame = ({
  merchantName,
  test = false,
  children,
}: {
  merchantName?: string;
  test?: boolean;
  children: ReactNode;
}) => {
  const t = usePayText();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        justifyContent: 'center',
        alignItems: { xs: 'flex-start', sm: 'center' },
        p: { xs: 1, sm: 3 },
        bgcolor: 'background.default',
      }}
    >
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, overflow: 'hidden', borderRadius: 3 }}>
        <Box sx={{ height: 6, bgcolor: BRAND_GREEN }} />
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
            <LockIcon fontSize="small" sx={{ color: BRAND_GREEN }} aria-hidden />
            <Typography variant="body2" color="text.secondary">
              {merchantName ? t('frame.secure_to', { name: merchantName }) : t('frame.secure')}
            </Typography>
            <LanguageSwitch />
          </Stack>
          {test && (
            <Alert severity="warning" role="note" sx={{ mb: 2 }}>
              <strong>{t('frame.test_tag')}</strong> {t('frame.test')}
            </Alert>
          )}
          {children}
        </Box>
      </Paper>
    </Box>
  );
};
