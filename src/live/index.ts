export { useLiveRefresh, LIVE_TOPICS, type LiveEvent, type LiveStatus, type LiveTopic } from './useLiveRefresh';
export { LiveToggle, ListLiveToggle } from './LiveToggle';
export { createEventStreamParser, type StreamEvent } from './eventStream';
