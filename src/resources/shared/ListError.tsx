import { Alert, AlertTitle, Button } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A list that could not be read says so, with Retry, in place of its rows (issue 31, item 6):
 * never "nothing here" with the count of an earlier page. Every list takes it through the theme.
 */
export const ListError = () => {
  const translate = useTranslate();
  const { error, refetch } = useListContext();
  const message = error instanceof Error ? error.message : '';
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          {translate('app.list_error.retry')}
        </Button>
      }
    >
      <AlertTitle>{translate('app.list_error.title')}</AlertTitle>
      {message}
    </Alert>
  );
};
