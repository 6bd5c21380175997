import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';

export type NoticeTone = 'success' | 'warning' | 'error' | 'info';

/** One outcome of the page: a coloured icon, the headline, and what the customer can do now. */
export const Notice = ({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: NoticeTone;
  title: string;
  children?: ReactNode;
}) => (
  <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
    <Box aria-hidden sx={{ color: `${tone}.main`, '& svg': { fontSize: 56 } }}>
      {icon}
    </Box>
    <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
      {title}
    </Typography>
    {children}
  </Stack>
);

export const Line = ({ children }: { children: ReactNode }) => (
  <Typography color="text.secondary" sx={{ maxWidth: 360 }}>
    {children}
  </Typography>
);
