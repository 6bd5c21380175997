import { useEffect, useState } from 'react';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, CircularProgress, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { payinActions } from './actions';

export type Screenshot = { url?: string; error?: string };

/** The screenshot as a blob URL while the dialog is open (the image needs the bearer token, so no plain <img src>). */
export const useScreenshot = (id: string): Screenshot => {
  const [state, setState] = useState<Screenshot>({});
  useEffect(() => {
    let url: string | undefined;
    let live = true;
    void payinActions.screenshot(id).then((result) => {
      if (!live) return;
      if (result.error) return setState({ error: result.error.message });
      url = URL.createObjectURL(result.data.blob);
      setState({ url });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return state;
};

/** Zoom steps over the fitted size: a UTR in a phone's screenshot is small print. */
const ZOOMS = [1, 1.5, 2, 3, 4] as const;

/** The image fitted to its pane, zoomed by the buttons or a click, scrolled when larger than the pane. */
export const ScreenshotViewer = ({ image, alt, loading }: { image: Screenshot; alt: string; loading: string }) => {
  const translate = useTranslate();
  const [step, setStep] = useState(0);
  const zoom = ZOOMS[step];
  const t = (key: string) => translate(`resources.payins.screenshot.${key}`);
  if (image.error) return <Typography color="error">{image.error}</Typography>;
  if (!image.url) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label={loading} />
      </Box>
    );
  }
  return (
    <Box>
      <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mb: 1 }}>
        <Tooltip title={t('zoom_out')}>
          <span>
            <IconButton size="small" aria-label={t('zoom_out')} disabled={step === 0} onClick={() => setStep(step - 1)}>
              <ZoomOutIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" aria-live="polite" sx={{ minWidth: 48, textAlign: 'center' }}>
          {`${Math.round(zoom * 100)} %`}
        </Typography>
        <Tooltip title={t('zoom_in')}>
          <span>
            <IconButton
              size="small"
              aria-label={t('zoom_in')}
              disabled={step === ZOOMS.length - 1}
              onClick={() => setStep(step + 1)}
            >
              <ZoomInIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('full_size')}>
          <IconButton size="small" aria-label={t('full_size')} href={image.url} target="_blank" rel="noopener">
            <OpenInNewIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        data-testid="screenshot-pane"
        sx={{ overflow: 'auto', maxHeight: '65vh', bgcolor: 'action.hover', borderRadius: 1, p: 1 }}
      >
        <Box
          component="img"
          src={image.url}
          alt={alt}
          onClick={() => setStep(step === 0 ? 2 : 0)}
          sx={{
            display: 'block',
            mx: zoom === 1 ? 'auto' : 0,
            maxWidth: '100%',
            maxHeight: 'calc(65vh - 16px)',
            transform: `scale(${zoom})`,
            transformOrigin: '0 0',
            cursor: zoom === 1 ? 'zoom-in' : 'zoom-out',
          }}
        />
      </Box>
    </Box>
  );
};
