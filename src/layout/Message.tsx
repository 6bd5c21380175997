import type { ReactNode } from 'react';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/** A centred notice with an icon, a heading, a line of text and a way back. */
export const Message = ({
  icon,
  title,
  text,
  action,
  heading = 'h2',
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: { label: string; to: string };
  /** h2 inside the shell, whose top bar holds the page's h1. */
  heading?: 'h1' | 'h2';
}) => (
  <Box
    sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', py: 8, px: 2, gap: 1.5 }}
  >
    <Box sx={{ color: 'text.disabled', '& svg': { fontSize: 72 } }}>{icon}</Box>
    <Typography variant="h5" component={heading}>
      {title}
    </Typography>
    <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
      {text}
    </Typography>
    {action && (
      <Button component={Link} to={action.to} variant="contained" sx={{ mt: 1 }}>
        {action.label}
      </Button>
    )}
  </Box>
);
