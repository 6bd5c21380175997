import http from 'node:http';
import type net from 'node:net';

/**
 * A merchant's callback endpoint for the fault tests (tests/api/faults-*.test.ts), on 127.0.0.1.
 */
export interface Delivery {
  webhookId: string;
  timestamp: string;
  body: string;
  /** Whether the receiver answered it (a held request cut by the sender's death was not). */
  answered: boolean;
}

/**
 * A merchant's callback endpoint on 127.0.0.1 that records every request by its webhook-id. While
 * holding, requests stay open without an answer; released ones are answered 200.
 */
export const startReceiver = async () => {
  const deliveries: Delivery[] = [];
  let holding = false;
  const held = new Set<() => void>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const delivery: Delivery = {
        webhookId: String(req.headers['webhook-id']),
        timestamp: String(req.headers['webhook-timestamp']),
        body,
        answered: false,
      };
      deliveries.push(delivery);
      const answer = () => {
        held.delete(answer);
        if (res.destroyed) return;
        delivery.answered = true;
        res.writeHead(200).end('ok');
      };
      if (holding) held.add(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callbacks`,
    deliveries,
    hold: () => (holding = true),
    release: () => {
      holding = false;
      [...held].forEach((answer) => answer());
    },
    /** Requests per webhook-id. */
    countsById: () => {
      const counts = new Map<string, number>();
      for (const d of deliveries) counts.set(d.webhookId, (counts.get(d.webhookId) ?? 0) + 1);
      return counts;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
};
