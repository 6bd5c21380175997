import { useId } from 'react';
import { Box, Divider, Paper, Typography } from '@mui/material';

export interface SummaryLine {
  label: string;
  value: string;
  /** Said under the value, for instance who owes whom. */
  details?: string[];
}

const Pair = ({ line, large = false }: { line: SummaryLine; large?: boolean }) => (
  <>
    <Typography component="dt" variant={large ? 'subtitle1' : 'body2'} color="text.secondary">
      {line.label}
    </Typography>
    <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
      <Typography component="span" variant={large ? 'h4' : 'body1'} sx={{ fontWeight: large ? 700 : 600 }}>
        {line.value}
      </Typography>
      {line.details?.map((detail) => (
        <Typography key={detail} component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {detail}
        </Typography>
      ))}
    </Box>
  </>
);

const pairs = {
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  columnGap: 2,
  rowGap: 1,
  alignItems: 'baseline',
  m: 0,
};

/** The period's figures as label and value, then the all-time total set large under them. */
export const SummaryPanel = ({ title, lines, total }: { title: string; lines: SummaryLine[]; total: SummaryLine }) => {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={pairs}>
        {lines.map((line) => (
          <Pair key={line.label} line={line} />
        ))}
      </Box>
      <Divider sx={{ my: 1.5 }} />
      <Box component="dl" sx={pairs}>
        <Pair line={total} large />
      </Box>
    </Paper>
  );
};
