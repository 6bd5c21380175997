import { useId, type ReactNode } from 'react';
import { Box, Paper, Typography } from '@mui/material';

/** One figure in a card named by its title, with lines under it (a count, what it is, the previous period). */
export const FigureCard = ({ title, value, details = [] }: { title: string; value: string; details?: string[] }) => {
  const id = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} component="h2" variant="subtitle2" color="text.secondary">
        {title}
      </Typography>
      <Typography component="p" variant="h5" sx={{ fontWeight: 600, my: 0.5 }}>
        {value}
      </Typography>
      {details.map((detail) => (
        <Typography key={detail} component="p" variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ))}
    </Paper>
  );
};

/** Cards side by side, as many as fit. */
export const CardGrid = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>{children}</Box>
);
