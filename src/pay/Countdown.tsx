import { useEffect, useState } from 'react';
import { Chip } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { usePayText } from './i18n';

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
    <Chip
      role="timer"
      icon={<TimerOutlinedIcon />}
      color={left <= 60 ? 'warning' : 'default'}
      label={t('countdown', { time: mmss(left) })}
      sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', alignSelf: 'flex-start' }}
    />
  );
};
