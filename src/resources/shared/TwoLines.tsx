import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** Two values in one cell, the second smaller beneath: a compact row that still shows both. */
export const TwoLines = ({ top, bottom, mono }: { top: ReactNode; bottom?: ReactNode; mono?: boolean }) => (
  <Box sx={{ lineHeight: 1.25, ...(mono && { fontFamily: 'monospace' }) }}>
    <Box component="span" sx={{ display: 'block' }}>
      {top}
    </Box>
    {bottom && (
      <Box
        component="span"
        sx={{ display: 'block', fontSize: '0.75rem', color: 'text.secondary', whiteSpace: 'normal', maxWidth: 160 }}
      >
        {bottom}
      </Box>
    )}
  </Box>
);
