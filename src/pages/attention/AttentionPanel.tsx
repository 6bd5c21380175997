import { Alert, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AttentionList } from './AttentionList';
import { useAttention } from './useAttention';

/** The Dashboard's "needs attention" card: the day's queues with their counts. */
export const AttentionPanel = () => {
  const translate = useTranslate();
  const { data, error, isPending } = useAttention();
  return (
    <Card component="section" aria-labelledby="attention-title" sx={{ mb: 2 }}>
      <CardContent>
        <Typography id="attention-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('app.attention.title')}
        </Typography>
        {error ? (
          <Alert severity="error">{translate('app.attention.error')}</Alert>
        ) : isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : (
          <AttentionList items={data.data} />
        )}
      </CardContent>
    </Card>
  );
};
