import { useId, type ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** One party's line: `testId` names it for browser tests (`<prefix>-<code>`). */
export interface BalanceLine {
  key: string;
  testId: string;
  content: ReactNode;
}

/**
 * Money above a list: a region named by its heading (`title`), one line per party, and a note or
 * an error under them. Theme colours only; nothing shows while there is nothing to say.
 */
export const BalanceCard = ({
  title,
  lines,
  note,
  error,
}: {
  title: string;
  lines: readonly BalanceLine[];
  note?: string;
  error?: string;
}) => {
  const id = useId();
  if (lines.length === 0 && !error) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ mx: 1, my: 1, px: 2, py: 1 }}>
      <Typography id={id} component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      {lines.length > 0 && (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {lines.map((line) => (
            <Typography key={line.key} component="li" variant="body2" color="text.primary" data-testid={line.testId}>
              {line.content}
            </Typography>
          ))}
        </Box>
      )}
      {note && (
        <Typography variant="caption" component="p" color="text.secondary">
          {note}
        </Typography>
      )}
      {error && (
        <Typography variant="body2" color="error">
          {error}
        </Typography>
      )}
    </Paper>
  );
};
