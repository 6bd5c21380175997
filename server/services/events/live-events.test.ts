import { describe, expect, it } from 'vitest';
import { liveHub } from './live-events';

const payload = (id: string) => JSON.stringify({ topic: 'payins', id, owner: { m: 'CRISP', v: null } });

describe('liveHub', () => {
  it('is not listening until its listener is ready', () => {
    const hub = liveHub();
    expect(hub.listening()).toBe(false);
    hub.ready();
    expect(hub.listening()).toBe(true);
  });

  it('ends every stream when the listener is lost, and tells ended streams nothing', () => {
    const hub = liveHub();
    hub.ready();
    const heard: string[] = [];
    const ended: string[] = [];
    hub.subscribe(
      (e) => heard.push(`one ${e.id}`),
      () => ended.push('one'),
    );
    const leave = hub.subscribe(
      (e) => heard.push(`two ${e.id}`),
      () => ended.push('two'),
    );
    hub.hear(payload('p1'));
    leave();
    hub.hear(payload('p2'));
    hub.lost();
    hub.hear(payload('p3'));
    expect(heard).toEqual(['one p1', 'two p1', 'one p2']);
    expect(ended).toEqual(['one']);
    expect(hub.listening()).toBe(false);
  });
});
