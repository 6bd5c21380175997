import type { ReactNode } from 'react';
import { Box, Card, CardActionArea, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Report } from './report';
import type { Identified } from './useReportRows';

/**
 * A report's rows on a phone (issue 31, item 12): a card each, every column the table has as a
 * labelled line, so nothing scrolls sideways and nothing is left out; a row that opens a record
 * opens it from its card.
 */
export const ReportCards = <R,>({
  report,
  rows,
  recordPath,
}: {
  report: Report<R>;
  rows: Identified<R>[];
  recordPath?: (id: string) => string;
}) => {
  const translate = useTranslate();
  const columns = report.columns.filter(({ source }) => source !== 'id');
  const lines = (row: Identified<R>) => (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
      {columns.map(({ source, label = source, render }) => {
        const value = render ? render(row, translate) : (row as Record<string, unknown>)[source];
        return (
          <Box key={source} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`app.reports.fields.${label}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? '—' : (value as ReactNode)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 1, m: 0 }}>
      {rows.map((row) => (
        <Card component="li" variant="outlined" key={row.id}>
          {recordPath ? (
            <CardActionArea component={Link} to={recordPath(row.id)} sx={{ p: 1.5 }}>
              {lines(row)}
            </CardActionArea>
          ) : (
            <Box sx={{ p: 1.5 }}>{lines(row)}</Box>
          )}
        </Card>
      ))}
    </Stack>
  );
};
