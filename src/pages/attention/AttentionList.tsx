import { List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ATTENTION_CAP, PENDING_ATTENTION_MINUTES, attentionPath } from '../../../domain/attention';
import type { AttentionCount } from './useAttention';

/** Each item with its count, a link to the list filtered to exactly what it counted. */
export const AttentionList = ({ items, onNavigate }: { items: AttentionCount[]; onNavigate?: () => void }) => {
  const translate = useTranslate();
  return (
    <List dense disablePadding>
      {items.map(({ key, count }) => (
        <ListItem key={key} disablePadding>
          <ListItemButton
            component={Link}
            to={attentionPath(key)}
            onClick={onNavigate}
            sx={{ borderRadius: 1, opacity: count === 0 ? 0.75 : 1 }}
          >
            <ListItemText primary={translate(`app.attention.items.${key}`, { minutes: PENDING_ATTENTION_MINUTES })} />
            <Typography
              component="span"
              sx={{
                fontWeight: 700,
                minWidth: 40,
                textAlign: 'right',
                color: count > 0 ? 'error.main' : 'text.secondary',
              }}
            >
              {count >= ATTENTION_CAP ? translate('app.attention.more', { count: ATTENTION_CAP }) : count}
            </Typography>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
};
