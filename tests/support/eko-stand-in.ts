import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Eko's fund-transfer and inquiry APIs, checking every request as Eko's
 * documentation describes it (reference/money-and-providers.md, Eko pay-outs): the developer_key,
 * a secret-key that is the base64 HMAC-SHA256 of secret-key-timestamp keyed with the base64 of the
 * access key, a fresh timestamp, and the form fields of a fund transfer. What a refused request
 * looked like is kept in `violations`; tests assert there are none.
 */
export type EkoBehaviour =
  /** tx_status 0 at once, with a bank reference number. */
  | 'success'
  /** tx_status 1: the bank refused it. */
  | 'fail'
  /** tx_status 2: initiated, settled later by `settle`. */
  | 'awaited'
  /** The transfer is made (tx_status 0) but the answer comes after the client gave up. */
  | 'slow'
  /** status 1 without a transaction: nothing was made (an inquiry finds nothing). */
  | 'decline'
  /** response_status_id -2: another transaction is in progress; nothing was made. */
  | 'busy';

export interface EkoTransaction {
  clientRefId: string;
  tid: string;
  txStatus: number;
  amount: string;
  account: string;
  ifsc: string;
  recipientName: string;
  bankRefNum: string;
}

export interface EkoStandIn {
  url: string;
  credentials: { developerKey: string; accessKey: string; initiatorId: string };
  behaviour: EkoBehaviour;
  /** How long a 'slow' answer waits. */
  slowMs: number;
  /** Awaited before an inquiry is answered (after it is recorded in `inquiries`), when set. */
  beforeInquiryAnswer?: (clientRefId: string) => Promise<void>;
  transactions: Map<string, EkoTransaction>;
  /** Fund-transfer requests that reached the transfer step (signature and form valid). */
  transfers: Record<string, string>[];
  inquiries: string[];
  violations: string[];
  settle(clientRefId: string, txStatus: number): void;
  close(): Promise<void>;
}

const FIELDS = ['initiator_id', 'client_ref_id', 'service_code', 'payment_mode', 'recipient_name', 'account', 'ifsc'];

export const startEkoStandIn = async (
  credentials = { developerKey: 'stand-in-developer-key', accessKey: 'd2fe1d99-stand-in', initiatorId: '9962981729' },
): Promise<EkoStandIn> => {
  let tids = 12971400;
  const stand = { behaviour: 'success', slowMs: 1500 } as EkoStandIn;
  const transactions = new Map<string, EkoTransaction>();
  const transfers: Record<string, string>[] = [];
  const inquiries: string[] = [];
  const violations: string[] = [];

  const signedOk = (req: IncomingMessage): string | null => {
    const ts = req.headers['secret-key-timestamp'];
    if (req.headers.developer_key !== credentials.developerKey) return 'wrong developer_key';
    if (typeof ts !== 'string' || !/^\d{13}$/.test(ts)) return 'secret-key-timestamp is not a time in milliseconds';
    if (Math.abs(Date.now() - Number(ts)) > 5 * 60_000) return 'secret-key-timestamp is not now';
    const key = Buffer.from(credentials.accessKey).toString('base64');
    const expected = createHmac('sha256', key).update(ts).digest('base64');
    return req.headers['secret-key'] === expected ? null : 'secret-key does not match';
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const txData = (t: EkoTransaction) => ({
    tx_status: String(t.txStatus),
    txstatus_desc: ['Success', 'Failed', 'Initiated', 'Refund Pending', 'Refunded', 'Hold'][t.txStatus],
    client_ref_id: t.clientRefId,
    tid: t.tid,
    amount: `${t.amount}.00`,
    account: t.account,
    ifsc: t.ifsc,
    bank_ref_num: t.txStatus === 0 ? t.bankRefNum : '',
  });

  const transfer = (form: URLSearchParams, res: ServerResponse) => {
    const missing = FIELDS.filter((f) => !form.get(f));
    const ref = form.get('client_ref_id') ?? '';
    const problems = [
      ...missing.map((f) => `${f} is missing`),
      ...(ref.length >= 20 ? ['client_ref_id must be less than 20 characters'] : []),
      ...(form.get('initiator_id') !== credentials.initiatorId ? ['wrong initiator_id'] : []),
      ...(form.get('service_code') !== '45' ? ['service_code must be 45'] : []),
      ...(form.get('payment_mode') !== '5' ? ['payment_mode must be 5 (IMPS)'] : []),
      ...(!/^[1-9]\d*$/.test(form.get('amount') ?? '') ? ['amount must be whole rupees'] : []),
      ...(!form.get('sender_name') ? ['sender_name is missing'] : []),
    ];
    if (problems.length > 0) {
      violations.push(...problems);
      return send(res, 200, { status: 1, response_status_id: 1, message: problems.join('; ') });
    }
    transfers.push(Object.fromEntries(form));
    if (transactions.has(ref))
      return send(res, 200, { status: 1, response_status_id: 1, message: 'Duplicate client_ref_id' });
    if (stand.behaviour === 'busy')
      return send(res, 200, { status: 1, response_status_id: -2, message: 'Another transaction is in progress' });
    if (stand.behaviour === 'decline')
      return send(res, 200, { status: 1, response_status_id: 1, message: 'Insufficient balance in wallet' });
    tids += 1;
    const t: EkoTransaction = {
      clientRefId: ref,
      tid: String(tids),
      txStatus: { success: 0, fail: 1, awaited: 2, slow: 0 }[stand.behaviour as 'success'],
      amount: form.get('amount')!,
      account: form.get('account')!,
      ifsc: form.get('ifsc')!,
      recipientName: form.get('recipient_name')!,
      bankRefNum: `5${String(tids).padStart(11, '0')}`,
    };
    transactions.set(ref, t);
    const answer = {
      status: 0,
      response_status_id: 0,
      response_type_id: 1329,
      message: t.txStatus === 1 ? 'Transaction failed: beneficiary bank down' : 'Transaction initiated successfully',
      data: { ...txData(t), balance: 35322.2, totalfee: 5.0 },
    };
    if (stand.behaviour === 'slow') setTimeout(() => send(res, 200, answer), stand.slowMs);
    else send(res, 200, answer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const problem = signedOk(req);
      if (problem) {
        violations.push(problem);
        return send(res, 403, { status: 403, message: 'Forbidden' });
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'POST' && url.pathname === '/v3/user/payment/fund-transfer') {
        if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
          violations.push('fund transfer is not form-encoded');
          return send(res, 415, { status: 415, message: 'Unsupported Media Type' });
        }
        return transfer(new URLSearchParams(Buffer.concat(chunks).toString('utf8')), res);
      }
      const inquiry = /^\/v3\/tools\/reference\/transaction\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && inquiry) {
        if (url.searchParams.get('initiator_id') !== credentials.initiatorId)
          violations.push('inquiry without initiator_id');
        const ref = decodeURIComponent(inquiry[1]);
        inquiries.push(ref);
        const answer = () => {
          const t = transactions.get(ref) ?? [...transactions.values()].find((x) => x.tid === ref);
          if (!t) return send(res, 200, { status: 1, response_status_id: 1, message: 'No transaction found' });
          return send(res, 200, { status: 0, response_status_id: -1, message: 'Success', data: txData(t) });
        };
        if (stand.beforeInquiryAnswer) return void stand.beforeInquiryAnswer(ref).then(answer);
        return answer();
      }
      violations.push(`unexpected ${req.method} ${url.pathname}`);
      send(res, 404, { status: 404, message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stand, {
    url: `http://127.0.0.1:${port}/v3`,
    credentials,
    transactions,
    transfers,
    inquiries,
    violations,
    settle: (ref: string, txStatus: number) => {
      transactions.get(ref)!.txStatus = txStatus;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
