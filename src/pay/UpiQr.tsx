/**
 * The QR code of the `upi://pay` link, drawn by the server as SVG (api.ts `qrPath`), so the page
 * carries no QR library.
 */
export const UpiQr = ({ src, label }: { src: string; label: string }) => (
  <div className="qr">
    <img src={src} alt={label} width="100%" height="100%" />
  </div>
);
