/** The English messages of the Live switch (`app.live.*` in the catalogue). */
export const liveMessages = {
  live: 'Live',
  paused: 'Paused',
  hint_open: 'New rows appear as they arrive. Pause to read without the list moving.',
  hint_paused: 'Paused: the list changes only when you refresh it.',
  hint_connecting: 'Connecting to live updates…',
  hint_retrying: 'Live updates were interrupted; reconnecting…',
  hint_refused: 'Live updates are not available for this session.',
};
