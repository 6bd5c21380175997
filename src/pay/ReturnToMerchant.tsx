import { useEffect, useState } from 'react';
import { usePayText } from './i18n';
import { Button } from './ui';

export const REDIRECT_SECONDS = 5;

/** Only web addresses are followed: a `javascript:` or other scheme in a return URL is ignored. */
const webUrl = (url: string): string | null => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
};

export const ReturnToMerchant = ({
  url,
  merchantName,
  redirect,
}: {
  url: string;
  merchantName: string;
  redirect: (url: string) => void;
}) => {
  const t = usePayText();
  const target = webUrl(url);
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    if (!target) return;
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    const go = setTimeout(() => redirect(target), REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [target, redirect]);
  if (!target) return null;
  return (
    <>
      <Button size="large" href={target}>
        {t('back.button', { name: merchantName })}
      </Button>
      <p className="secondary small">{left > 0 ? t('back.soon', { seconds: left }) : t('back.now')}</p>
    </>
  );
};
