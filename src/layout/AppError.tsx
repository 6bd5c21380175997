import { Box, Button, Stack, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/ReportGmailerrorredOutlined';
import { useTranslate } from 'react-admin';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const stackOf = (error: unknown) => (error instanceof Error ? error.stack : undefined);

/** SPEC §2 and §8: the generic error screen, with the error's text and stack. */
export const AppError = ({ error, fullScreen = false }: { error: unknown; fullScreen?: boolean }) => {
  const translate = useTranslate();
  const stack = stackOf(error);
  return (
    <Box
      role="alert"
      sx={{ p: { xs: 2, sm: 4 }, minHeight: fullScreen ? '100vh' : undefined, bgcolor: 'background.default' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
        <ErrorIcon color="error" fontSize="large" />
        <Typography variant="h5" component="h2">
          {translate('app.errors.unexpected')}
        </Typography>
      </Stack>
      <Typography variant="h6" component="h3" sx={{ fontStyle: 'italic', mb: 2, wordBreak: 'break-word' }}>
        {messageOf(error)}
      </Typography>
      {stack && (
        <Box
          component="pre"
          sx={{ p: 2, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 12, maxHeight: '50vh' }}
        >
          {stack}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {translate('app.errors.reload')}
        </Button>
        <Button href="/">{translate('app.errors.go_home')}</Button>
      </Stack>
    </Box>
  );
};
