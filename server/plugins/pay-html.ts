import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { AppError } from '../errors';
import type { ProviderEnv } from '../services/providers/provider-config';
import { payView } from '../services/pay-page/pay-page';

/** What the pay page is born with: the pay-in as GET /v1/pay/{id} answers it, and the server's clock. */
export interface PayState {
  status: number;
  data?: unknown;
  serverTime: number;
}

/**
 * The pay-in for the page being served (issue 33: the first screen needs no call after the page).
 * A pay-in that does not exist is said so; anything else that fails leaves the page to ask itself,
 * and so to show the customer its offline screen and retry.
 */
export const payStateOf =
  (db: Db, env: ProviderEnv, log: FastifyBaseLogger) =>
  async (id: string): Promise<PayState> => {
    try {
      return { status: 200, data: await payView(db, id, env), serverTime: Date.now() };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return { status: 404, serverTime: Date.now() };
      log.warn({ err: error }, 'pay page: the pay-in could not be written into the page');
      return { status: 503, serverTime: Date.now() };
    }
  };

/**
 * pay.html with the state in a JSON block before `</body>`: never run as a script, and `<` is
 * escaped so that no text of a merchant's can close the block.
 */
export const payHtml = (template: string, state: PayState) => {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const block = `<script id="pay-state" type="application/json">${json}</script>`;
  return template.includes('</body>') ? template.replace('</body>', () => `${block}</body>`) : template + block;
};
