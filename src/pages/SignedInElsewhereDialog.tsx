import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useText } from '../i18n/text';

/** The 409 prompt: sign in here and end the session open elsewhere, or stop. */
export const SignedInElsewhereDialog = ({
  message,
  onContinue,
  onCancel,
  busy,
}: {
  message: string | null;
  onContinue: () => void;
  onCancel: () => void;
  busy: boolean;
}) => {
  const translate = useText();
  return (
    <Dialog open={message !== null} onClose={onCancel} aria-labelledby="signed-in-elsewhere-title">
      <DialogTitle id="signed-in-elsewhere-title">{translate('app.login.elsewhere_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.login.cancel')}</Button>
        <Button onClick={onContinue} variant="contained" disabled={busy} autoFocus>
          {translate('app.login.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
