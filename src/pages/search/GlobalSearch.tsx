import { useEffect, useRef, useState, type FormEvent } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  ClickAwayListener,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Popper,
  TextField,
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
 */
export const GlobalSearch = () => {
  const translate = useTranslate();
  const statusLabel = useStatusLabel();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLFormElement | null>(null);
  const [text, setText] = useState('');
  const [results, setResults] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const t = (key: string, options?: object) => translate(`app.search.${key}`, options);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === '/' && !typingIn(event.target) && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q.length < MIN_QUERY) return setError(t('too_short', { count: MIN_QUERY }));
    setError(null);
    const result = await get<{ data: Found[] }>('/search', { q });
    if (result.error) return setError(result.error.message);
    setResults(result.data.data);
  };
  const open = (found: Found) => {
    setResults(null);
    setText('');
    navigate(found.path);
  };
  const close = () => {
    setResults(null);
    setError(null);
  };

  return (
    <ClickAwayListener onClickAway={close}>
      <Box
        component="form"
        ref={setAnchor}
        role="search"
        onSubmit={submit}
        sx={{ width: { sm: 180, md: 260 }, display: { xs: 'none', sm: 'block' } }}
      >
        <TextField
          inputRef={input}
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && close()}
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
        <Popper
          open={results !== null || error !== null}
          anchorEl={anchor}
          placement="bottom-end"
          sx={{ zIndex: (theme) => theme.zIndex.modal }}
        >
          <Paper sx={{ width: 380, maxHeight: 420, overflow: 'auto', mt: 0.5 }} role="region" aria-label={t('results')}>
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
