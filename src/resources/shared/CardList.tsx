import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, CardActions, LinearProgress, Stack, Typography } from '@mui/material';
import {
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useLocaleState,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';

/** What a phone's card shows of a record (issue 31, item 12). */
export interface CardFields<R extends RaRecord> {
  amount: (record: R) => string;
  /** Its status chip (reads the record context). */
  status: ReactNode;
  /** The order id or code a person quotes. */
  title: (record: R) => string;
  createdAt: (record: R) => string;
  /** The one action of the row (reads the record context). */
  action?: ReactNode;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago, in the chosen language: "5 minutes ago", "5 मिनट पहले". */
export const ageOf = (iso: string, locale: string, now = Date.now()): string => {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / size), unit);
};

/**
 * A list as cards below 600 px, one per record: amount and status, the order id or code, its age,
 * and the row's one action; the card opens the record as a row does.
 */
export const CardList = <R extends RaRecord>({ fields, empty }: { fields: CardFields<R>; empty: ReactNode }) => {
  const { data, isPending, error } = useListContext<R>();
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const [locale] = useLocaleState();
  if (error) return null;
  if (isPending) return <LinearProgress />;
  if (!data || data.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, width: '100%' }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card component="li" variant="outlined">
            <CardActionArea component={Link} to={createPath({ resource, id: record.id, type: 'show' })} sx={{ p: 1.5 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Typography variant="h6" component="p">
                  {fields.amount(record)}
                </Typography>
                <Box>{fields.status}</Box>
              </Stack>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {fields.title(record)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {ageOf(fields.createdAt(record), locale ?? 'en')}
              </Typography>
            </CardActionArea>
            {fields.action && <CardActions sx={{ pt: 0, justifyContent: 'flex-end' }}>{fields.action}</CardActions>}
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
};
