import { performance } from 'node:perf_hooks';
import { DEMO_PASSWORD } from '../../server/demo/seed';
import { summarize, type Summary } from './stats';

const postLogin = async (url: string, userName: string) => {
  const res = await fetch(`${url}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: DEMO_PASSWORD, override: true }),
  });
  const body = (await res.json()) as { data?: { accessToken?: string }; error?: unknown };
  if (res.status !== 200 || !body.data?.accessToken)
    throw new Error(`sign-in of ${userName} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data.accessToken;
};

/** Signs userName in and returns the bearer token (ending any earlier session of that user). */
export const signIn = (url: string, userName: string) => postLogin(url, userName);

/** Round trips of POST /v1/login, one after another, in milliseconds (the first `warmup` not counted). */
export const measureLogins = async (
  url: string,
  userName: string,
  n: number,
  warmup: number,
): Promise<Summary & { samples: number[] }> => {
  for (let i = 0; i < warmup; i++) await postLogin(url, userName);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await postLogin(url, userName);
    samples.push(performance.now() - t0);
  }
  return { ...summarize(samples), samples: samples.map((s) => Math.round(s * 1000) / 1000) };
};

/** Fails unless GET url answers 200 with JSON; returns the parsed body. */
export const expectOk = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { body: JSON.parse(text) as unknown, bytes: Buffer.byteLength(text) };
};
