import { useEffect, useRef } from 'react';
import { FormControlLabel, Switch, Tooltip } from '@mui/material';
import { useListContext, useResourceContext, useStore, useTranslate } from 'react-admin';
import { useLiveRefresh, type LiveStatus, type LiveTopic } from './useLiveRefresh';

/** A burst of events (an imported statement) refreshes the list once. */
export const REFRESH_COALESCE_MS = 500;

/** The "Live" / "Paused" switch of a list that staff read while it changes. */
export const LiveToggle = ({
  live,
  onChange,
  status,
}: {
  live: boolean;
  onChange: (live: boolean) => void;
  status: LiveStatus;
}) => {
  const translate = useTranslate();
  return (
    <Tooltip describeChild title={translate(`app.live.hint_${status}`)}>
      <FormControlLabel
        sx={{ mx: 1 }}
        control={
          <Switch
            size="small"
            checked={live}
            color={status === 'open' || !live ? 'success' : 'warning'}
            onChange={(event) => onChange(event.target.checked)}
          />
        }
        label={translate(live ? 'app.live.live' : 'app.live.paused')}
      />
    </Tooltip>
  );
};

/**
 * The switch for a react-admin list: while on, the list refetches when an event of `topic`
 * arrives, and once after the stream reopens. Whether it is on is remembered per resource.
 * `enabled: false` holds it off (for instance while a search is set) without changing the switch.
 */
export const ListLiveToggle = ({ topic, enabled = true }: { topic: LiveTopic; enabled?: boolean }) => {
  const resource = useResourceContext();
  const { refetch } = useListContext();
  const [live, setLive] = useStore<boolean>(`${resource}.live`, true);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);

  const soon = () => {
    pending.current ??= setTimeout(() => {
      pending.current = undefined;
      void refetch();
    }, REFRESH_COALESCE_MS);
  };
  const status = useLiveRefresh([topic], soon, { enabled: live && enabled, onReopen: soon });
  return <LiveToggle live={live} onChange={setLive} status={status} />;
};
