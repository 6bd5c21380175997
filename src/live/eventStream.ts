/** One event of a text/event-stream: its name (`event:`), its data lines joined, and its id when sent. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * A parser of the text/event-stream format (the HTML standard's "server-sent events"): feed it
 * text as it arrives, in chunks cut anywhere; it calls `onEvent` at each blank line that ends an
 * event. Comment lines (`: ping`) and unknown fields are skipped.
 */
export const createEventStreamParser = (onEvent: (event: StreamEvent) => void) => {
  let rest = '';
  let afterCr = false;
  let name = '';
  let data: string[] = [];
  let id: string | undefined;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n'), ...(id !== undefined && { id }) });
    name = '';
    data = [];
  };

  const readLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const raw = colon === -1 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };

  return (chunk: string) => {
    // A CRLF cut between two chunks is one line end, not two.
    const text = rest + (afterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk);
    afterCr = text.endsWith('\r');
    const lines = text.split(/\r\n|\r|\n/);
    rest = lines.pop() ?? '';
    lines.forEach(readLine);
  };
};

/** The event's data as JSON when it is JSON, otherwise the text. */
export const parseData = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
};
