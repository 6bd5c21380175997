import { useEffect, useRef, useState, type FormEvent } from 'react';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  ClickAwayListener,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Popper,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatRupees } from '../../../domain/format';
import { useStatusLabel } from '../../i18n/codeLabels';
import { get } from '../../providers/http';

interface Found {
  kind: string;
  id: string;
  title: string;
  subtitle: string;
  status: string | null;
  amount: number;
  matched: string;
  path: string;
}

/** The shortest text the server searches (GET /v1/search). */
const MIN_QUERY = 3;

/** Is the key pressed while the user types somewhere (then '/' and '?' are text, not shortcuts)? */
export const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The top bar's search (issue 31, item 8): a UTR, order id, code, customer or id, found exactly
 * across the records the user may open (server-side, indexed). '/' focuses it from anywhere.
 * `compact` (a phone): an icon that opens the field over the top bar, and closes it again.
 */
export const GlobalSearch = ({ compact = false }: { compact?: boolean }) => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const icon = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const [anchor, setAnchor] = useState<HTMLFormElement | null>(null);
  const [text, setText] = useState('');
  const [results, setResults] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const shown = !compact || unfolded;
  const t = (key: string, options?: object) => translate(`app.search.${key}`, options);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !typingIn(event.target) && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        setUnfolded(true);
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // Opened, the field takes the focus; closed by the keyboard, the icon takes it back.
  useEffect(() => {
    if (compact && unfolded) input.current?.focus();
    if (!unfolded && refocus.current) icon.current?.focus();
    refocus.current = false;
  }, [compact, unfolded]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length < MIN_QUERY) return setError(t('too_short', { count: MIN_QUERY }));
    setError(null);
    const result = await get<{ data: Found[] }>('/search', { q });
    if (result.error) return setError(result.error.message);
    setResults(result.data.data);
  };
  const close = () => {
    setResults(null);
    setError(null);
  };
  const fold = (giveBackFocus = false) => {
    close();
    refocus.current = giveBackFocus;
    setUnfolded(false);
  };
  const open = (found: Found) => {
    fold();
    setText('');
    navigate(found.path);
  };

  if (!shown)
    return (
      <Tooltip title={t('label')}>
        <IconButton
          ref={icon}
          aria-label={t('label')}
          aria-keyshortcuts="/"
          onClick={() => setUnfolded(true)}
          color="inherit"
        >
          <SearchIcon />
        </IconButton>
      </Tooltip>
    );
  return (
    <ClickAwayListener onClickAway={() => (compact && !text ? fold() : close())}>
      <Box
        component="form"
        ref={setAnchor}
        role="search"
        onSubmit={submit}
        sx={
          compact
            ? // Over the whole top bar (the badges of its icons too), until it is closed.
              {
                position: 'absolute',
                inset: 0,
                zIndex: 2,
                px: 1,
                gap: 0.5,
                display: 'flex',
                alignItems: 'center',
                bgcolor: 'background.paper',
              }
            : { width: { sm: 180, md: 260 }, display: { xs: 'none', sm: 'block' } }
        }
      >
        <TextField
          inputRef={input}
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && (compact ? fold(true) : close())}
          placeholder={t('placeholder')}
          fullWidth
          slotProps={{
            htmlInput: { 'aria-label': t('label'), 'aria-keyshortcuts': '/' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        {compact && (
          <IconButton aria-label={translate('ra.action.close')} onClick={() => fold(true)} color="inherit">
            <CloseIcon />
          </IconButton>
        )}
        <Popper
          open={results !== null || error !== null}
          anchorEl={anchor}
          placement="bottom-end"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper
            sx={{ width: 380, maxWidth: 'calc(100vw - 16px)', maxHeight: 420, overflow: 'auto', mt: 0.5 }}
            role="region"
            aria-label={t('results')}
          >
            {error ? (
              <Typography color="error" sx={{ p: 2 }}>
                {error}
              </Typography>
            ) : results && results.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('none', { q: text.trim() })}
              </Typography>
            ) : (
              <List dense>
                {results?.map((found) => (
                  <ListItem key={`${found.kind}-${found.id}`} disablePadding>
                    <ListItemButton onClick={() => open(found)}>
                      <ListItemText
                        primary={`${t(`kinds.${found.kind}`)}: ${found.title}`}
                        secondary={[
                          found.subtitle,
                          found.status && statusLabel(found.status),
                          formatRupees(found.amount),
                          t(`matched.${found.matched}`),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
};
