import { useEffect, useState } from 'react';
import { usePayText } from './i18n';
import { Icon } from './icons';

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The time left to pay, by the server's clock (the phone's own may be off by minutes): calls
 * onExpire once it reaches zero.
 */
export const Countdown = ({
  expiresAt,
  clockOffset,
  onExpire,
}: {
  expiresAt: string;
  clockOffset: number;
  onExpire: () => void;
}) => {
  const t = usePayText();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((Date.parse(expiresAt) - now - clockOffset) / 1000));
  useEffect(() => {
    if (left === 0) onExpire();
  }, [left, onExpire]);
  return (
    <span role="timer" className={left <= 60 ? 'chip chip-warning' : 'chip'}>
      <Icon name="timer" size={18} />
      {t('countdown', { time: mmss(left) })}
    </span>
  );
};
