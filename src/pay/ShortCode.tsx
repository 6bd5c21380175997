import { Box, Stack, Typography } from '@mui/material';
import { CopyButton } from './CopyButton';
import { usePayText } from './i18n';

/** The 5-character code the customer writes in the payment's note: how the payment is found. */
export const ShortCode = ({ code }: { code: string }) => {
  const t = usePayText();
  return (
    <Box sx={{ border: 2, borderColor: 'primary.main', borderRadius: 2, p: 2, bgcolor: '#F0FDF4' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('code.title')}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography
          component="p"
          sx={{ fontFamily: 'monospace', fontSize: '2.25rem', fontWeight: 700, letterSpacing: '0.3em' }}
        >
          {code}
        </Typography>
        <CopyButton label={t('code.label')} value={code} />
      </Stack>
      <Typography variant="body2">
        <strong>{t('code.note')}</strong> {t('code.why')}
      </Typography>
    </Box>
  );
};
