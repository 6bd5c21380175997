import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useText } from '../i18n/text';

/** The frame of the public screens: the product's name over a card. */
export const PublicPage = ({
  title,
  intro,
  children,
  width = 420,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
  width?: number;
}) => {
  const translate = useText();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
        backgroundImage: (theme) =>
          `radial-gradient(circle at 20% 10%, ${theme.palette.primary.main}22, transparent 45%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: width, boxShadow: 6 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'primary.main', mb: 3 }}>
            <PaymentsIcon />
            <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: 'text.primary' }}>
              {translate('app.name')}
            </Typography>
          </Stack>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {intro}
            </Typography>
          )}
          <Box sx={{ mt: 2 }}>{children}</Box>
        </CardContent>
      </Card>
    </Box>
  );
};
