import { Card, CardContent } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { useTranslate } from 'react-admin';
import { Message } from '../layout/Message';

/** A screen whose records arrive in a later version: an honest empty state, never sample rows. */
export const EmptyScreen = () => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Message icon={<InboxIcon />} title={translate('app.empty.title')} text={translate('app.empty.message')} />
      </CardContent>
    </Card>
  );
};
