import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useText } from '../i18n/text';

/** The recovery codes, shown once after two-factor is turned on; continues only when the user says so. */
export const RecoveryCodes = ({ codes, onSaved }: { codes: string[]; onSaved: () => void }) => {
  const translate = useText();
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{translate('app.two_factor.recovery_intro')}</Alert>
      <Box
        component="ol"
        aria-label={translate('app.two_factor.recovery_list')}
        sx={{ columns: 2, m: 0, pl: 3, fontFamily: 'monospace', fontSize: '1rem' }}
      >
        {codes.map((code) => (
          <Typography component="li" key={code} sx={{ fontFamily: 'inherit', py: 0.25 }}>
            {code}
          </Typography>
        ))}
      </Box>
      <Button variant="contained" onClick={onSaved} autoFocus>
        {translate('app.two_factor.saved')}
      </Button>
    </Stack>
  );
};
