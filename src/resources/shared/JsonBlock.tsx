import { Box, Typography } from '@mui/material';

/** A titled block of data as it was stored: text as it is, anything else as indented JSON, '—' when missing. */
export const JsonBlock = ({ title, value }: { title: string; value: unknown }) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="subtitle2" component="h3">
      {title}
    </Typography>
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
        fontSize: 12,
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Box>
  </Box>
);
