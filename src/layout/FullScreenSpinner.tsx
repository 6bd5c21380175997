import { Box, CircularProgress } from '@mui/material';
import { useText } from '../i18n/text';

/** SPEC §2: covers the screen while a lazily loaded screen arrives. */
export const FullScreenSpinner = () => {
  const translate = useText();
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.default',
        opacity: 0.85,
      }}
    >
      <CircularProgress size={56} thickness={4} aria-label={translate('app.loading')} />
    </Box>
  );
};
