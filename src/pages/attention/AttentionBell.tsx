import { useState } from 'react';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { Badge, Box, IconButton, Popover, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AttentionList } from './AttentionList';
import { useLiveAttention } from './useAttention';

/** The header's count (SPEC §3 noOfNotifications): what needs the user's attention, the items one click away. */
export const AttentionBell = () => {
  const translate = useTranslate();
  const { data } = useLiveAttention();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const total = data?.total ?? 0;
  const label = translate('app.attention.bell', { smart_count: total });
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} color="inherit" onClick={(event) => setAnchor(event.currentTarget)}>
          <Badge badgeContent={total} color="error" max={999}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 1, width: 340 }} role="region" aria-label={translate('app.attention.title')}>
          <Typography variant="subtitle2" sx={{ px: 1, py: 0.5 }}>
            {translate('app.attention.title')}
          </Typography>
          {data && data.data.length > 0 ? (
            <AttentionList items={data.data} onNavigate={() => setAnchor(null)} />
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 0.5 }}>
              {translate('app.attention.none')}
            </Typography>
          )}
        </Box>
      </Popover>
    </>
  );
};
