import { useState, type ReactElement, type ReactNode } from 'react';
import { Box, Card, CardActionArea, CardActions, Collapse, LinearProgress, Stack, Typography } from '@mui/material';
import {
  RecordContextProvider,
  useCreatePath,
  useListContext,
  useLocaleState,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { usePhone } from './usePhone';

/** What a phone's card shows of a record (issue 31, item 12). */
export interface CardFields<R extends RaRecord> {
  /** The first line: the amount where the record has one, its name otherwise. */
  headline: (record: R) => ReactNode;
  /** Its status chip (reads the record context); never a control: the card around it is a link. */
  status?: ReactNode;
  /** The id a person quotes (order id, UTR, code, user name), in monospace. */
  title?: (record: R) => string | null | undefined;
  /** One line of context: the merchant, the bank, the role. */
  detail?: (record: R) => ReactNode;
  /** When it was made, shown as its age. */
  createdAt?: (record: R) => string | null | undefined;
  /** The row's action (reads the record context): buttons and switches, below the card's link. */
  action?: ReactNode;
  /** What the card opens: the record's show page (default), a panel under it, or nothing. */
  open?: 'show' | { expand: ReactNode } | false;
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

const CardBody = <R extends RaRecord>({ fields, record }: { fields: CardFields<R>; record: R }) => {
  const [locale] = useLocaleState();
  const title = fields.title?.(record);
  const createdAt = fields.createdAt?.(record);
  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
          {fields.headline(record)}
        </Typography>
        {fields.status && <Box sx={{ flexShrink: 0 }}>{fields.status}</Box>}
      </Stack>
      {title && (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
      )}
      {fields.detail && (
        <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {fields.detail(record)}
        </Typography>
      )}
      {createdAt && (
        <Typography variant="caption" color="text.secondary">
          {ageOf(createdAt, locale ?? 'en')}
        </Typography>
      )}
    </>
  );
};

/** One record's card: a link to its page, a button that opens its panel, or plain. */
const RecordCard = <R extends RaRecord>({ fields, record }: { fields: CardFields<R>; record: R }) => {
  const resource = useResourceContext();
  const createPath = useCreatePath();
  const [expanded, setExpanded] = useState(false);
  const open = fields.open ?? 'show';
  const body = <CardBody fields={fields} record={record} />;
  return (
    <Card component="li" variant="outlined">
      {open === 'show' ? (
        <CardActionArea component={Link} to={createPath({ resource, id: record.id, type: 'show' })} sx={{ p: 1.5 }}>
          {body}
        </CardActionArea>
      ) : open ? (
        <CardActionArea aria-expanded={expanded} onClick={() => setExpanded(!expanded)} sx={{ p: 1.5 }}>
          {body}
        </CardActionArea>
      ) : (
        <Box sx={{ p: 1.5 }}>{body}</Box>
      )}
      {open && open !== 'show' && (
        <Collapse in={expanded} unmountOnExit>
          <Box sx={{ px: 1.5, pb: 1.5, overflowX: 'auto' }}>{open.expand}</Box>
        </Collapse>
      )}
      {fields.action && (
        <CardActions sx={{ pt: 0, justifyContent: 'flex-end', flexWrap: 'wrap' }}>{fields.action}</CardActions>
      )}
    </Card>
  );
};

/**
 * A list as cards below 600 px, one per record: the amount or name and status, the id a person
 * quotes, its age, and the row's action; the card opens the record as a row does.
 */
export const CardList = <R extends RaRecord>({ fields, empty }: { fields: CardFields<R>; empty: ReactNode }) => {
  const { data, isPending, error } = useListContext<R>();
  const translate = useTranslate();
  if (error) return null;
  if (isPending) return <LinearProgress aria-label={translate('app.loading')} />;
  if (!data || data.length === 0) return <>{empty}</>;
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0, width: '100%' }}>
      {data.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <RecordCard fields={fields} record={record} />
        </RecordContextProvider>
      ))}
    </Stack>
  );
};

/** A list's rows: cards on a phone, its table (the children) elsewhere. */
export const ListBody = <R extends RaRecord>({
  card,
  empty,
  children,
}: {
  card: CardFields<R>;
  empty: ReactNode;
  children: ReactElement;
}) => (usePhone() ? <CardList fields={card} empty={empty} /> : children);

/** A card's labelled line: "Balance: ₹1,200.00", the label in the chosen language. */
export const CardLine = ({ label, children }: { label: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate(label)}:
      </Box>{' '}
      {children}
    </>
  );
};
