import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import QRCode from 'qrcode';

const SIZE = 220;

/** The QR code of the `upi://pay` link, drawn as an SVG image (the page's policy allows data: images). */
export const UpiQr = ({ link, label }: { link: string; label: string }) => {
  const [src, setSrc] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
      .then((svg) => live && setSrc({ link, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Box
      sx={{
        width: SIZE,
        height: SIZE,
        alignSelf: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: 0.5,
      }}
    >
      {src?.link === link && <img src={src.url} alt={label} width="100%" height="100%" style={{ display: 'block' }} />}
    </Box>
  );
};
