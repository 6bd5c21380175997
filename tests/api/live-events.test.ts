import { describe, expect, it } from 'vitest';
import { demoServerPerFile } from '../support/server';
import { assignedPayin, bankIdOf, merchantKey, utrOf } from '../support/deposits';

/** Issue 10, item 4: lists refresh by themselves, hearing only about rows their reader may see. */
const demo = demoServerPerFile();

/** Opens the event stream and collects `event: … data: …` pairs until stopped. */
const listen = async (token: string, topics: string) => {
  const controller = new AbortController();
  const res = await fetch(`${demo.s.url}/v1/events?topics=${topics}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const events: { topic: string; id: string }[] = [];
  if (res.ok && res.body) {
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const topic = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (topic && data) events.push({ topic, id: (JSON.parse(data) as { id: string }).id });
          }
        }
      } catch {
        /* aborted */
      }
    })();
  }
  return { status: res.status, events, stop: () => controller.abort() };
};

describe('live events', () => {
  it('tells staff and the right vendor about a new bank entry, and merchants about their own pay-ins only', async () => {
    const { s, t } = demo;
    const staff = await listen(t.operations, 'bank-entries,payins');
    const vendor = await listen(t.vendor, 'bank-entries');
    const bolt = await listen(t.merchant, 'payins');
    const acme = await listen(t['merchant-admin'], 'payins');
    expect([staff.status, vendor.status, bolt.status, acme.status]).toEqual([200, 200, 200, 200]);
    const add = async (nickname: string) =>
      (
        await s.call('POST', '/v1/bank-entries', {
          token: t.operations,
          body: { bankAccountId: await bankIdOf(s, nickname), utr: utrOf(), amount: 321 },
        })
      ).body.data.entry.id as string;
    const beta = await add('BETA-AXIS-01');
    const alpha = await add('ALPHA-ICICI-02');
    const payin = await assignedPayin(s, await merchantKey(s, 'BOLT'));
    await expect.poll(() => staff.events.map((e) => e.id)).toEqual(expect.arrayContaining([beta, alpha, payin.id]));
    await expect.poll(() => vendor.events.map((e) => e.id)).toContain(alpha);
    await expect.poll(() => bolt.events.map((e) => e.id)).toContain(payin.id);
    // The ACME reader heard nothing of BOLT's pay-in, nor the vendor of the other vendor's account.
    expect(acme.events).toEqual([]);
    expect(vendor.events.map((e) => e.id)).not.toContain(beta);
    for (const l of [staff, vendor, bolt, acme]) l.stop();
  });

  it('refuses a topic whose list the reader may not open', async () => {
    const res = await listen(demo.t.merchant, 'bank-entries');
    expect(res.status).toBe(403);
    res.stop();
    expect((await listen(demo.t.admin, 'secrets')).status).toBe(400);
  });
});
