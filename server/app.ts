import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './app-config';
import type { Database } from './db';
import { authPlugin } from './plugins/auth';
import { securityHeaders } from './plugins/security-headers';
import { serverOptions } from './plugins/server-options';
import { handleRequests } from './plugins/requests';
import { measureRequests } from './plugins/metrics';
import { openApiOptions } from './plugins/openapi';
import { listenForChanges } from './plugins/notifications';
import { staticPlugin } from './plugins/static';
import { payStateOf } from './plugins/pay-html';
import { routeSettings } from './plugins/route-settings';
import { sharedRateLimitStore } from './plugins/rate-limit-store';
import { jwtSecret } from './services/common/settings';
import { setPasswordHashCost } from './services/identity/passwords';
import { payPagePolicy } from './services/pay-page/pay-page-policy';
import { allProviderSettings } from './services/providers/provider-config';
import { startJobs } from './jobs';
import { PAYIN_TTL_MINUTES } from '../domain/payin';
import { healthRoutes } from './routes/health';
import type { Readiness } from './services/common/readiness';
import { authRoutes } from './routes/auth';
import { twoFactorRoutes } from './routes/two-factor';
import { onboardingRoutes } from './routes/onboarding';
import { confirmationRoutes } from './routes/confirmations';
import { merchantRoutes } from './routes/merchants';
import { merchantApplicationRoutes } from './routes/merchant-applications';
import { merchantListRoutes } from './routes/merchant-list';
import { vendorRoutes } from './routes/vendors';
import { bankAccountRoutes } from './routes/bank-accounts';
import { userRoutes } from './routes/users';
import { auditEventRoutes } from './routes/audit-events';
import { bankEntryRoutes } from './routes/bank-entries';
import { boardRoutes } from './routes/boards';
import { accountReportRoutes } from './routes/account-reports';
import { settlementRoutes } from './routes/settlements';
import { vendorSettlementRoutes } from './routes/vendor-settlements';
import { lienRoutes } from './routes/liens';
import { settlementTransitionRoutes } from './routes/settlement-transitions';
import { settlementBalanceRoutes } from './routes/settlement-balances';
import { reconciliationRoutes } from './routes/reconciliation';
import { merchantApiRoutes } from './routes/merchant-api';
import { payRoutes } from './routes/pay';
import { payinRoutes } from './routes/payins';
import { payoutRoutes } from './routes/payouts';
import { checkerRequestRoutes } from './routes/checker-requests';
import { attentionRoutes } from './routes/attention';
import { preferenceRoutes } from './routes/preferences';
import { payoutAdminRoutes } from './routes/payout-admin';
import { payoutEkoRoutes } from './routes/payout-eko';
import { reportRoutes } from './routes/reports';
import { providerRoutes } from './routes/providers';
import { providerWebhookRoutes } from './routes/provider-webhooks';
import { eventRoutes } from './routes/events';
import { demoReceiverRoutes } from './routes/demo-receiver';
import { demoReturnRoutes } from './routes/demo-return';

export type { AppConfig };

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** The end of the demo's seed, when the running demo starts topping up its open pay-ins (demo only). */
  demoSeeded?: Promise<unknown>;
  /** What GET /v1/health/ready reports of the server's life (serve.ts); serving from the start if left out. */
  readiness?: Readiness;
}

/** The whole server: cross-cutting plugins, then the /v1 routes, then the dashboard's pages. */
export const buildApp = async ({ database, config, logger = false, demoSeeded, readiness }: BuildOptions) => {
  const { db } = database;
  // Boards, reports and their exports only read: their own pool (a replica, or connections of their
  // own on the primary) leaves the primary's to sessions, scope checks and money.
  const readDb = database.readDb ?? db;
  if (config.passwordHashCost) setPasswordHashCost(config.passwordHashCost);
  const app = Fastify(serverOptions(config, logger)).withTypeProvider<TypeBoxTypeProvider>();

  handleRequests(app);
  measureRequests(app, { token: config.metricsToken, db: readDb });
  // Images: blob: as well, for what the dashboard fetched with its token and shows itself (a pay-in's
  // screenshot: a plain <img src> cannot send the bearer token). Only the page's own script makes one.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:', 'blob:'], scriptSrc: ["'self'"] },
    },
  });
  // gzip at level 4, not zlib's 6: half the server's time per byte for 7 % more bytes (a CSV export of
  // 1,000,000 pay-ins, server and its reader in one process: 5.8–6.1 s of CPU instead of 7.4 s;
  // 27 MB of pay-in CSV gzipped in 0.24–0.33 s instead of 0.56–0.60 s).
  await app.register(compress, { threshold: 1024, zlibOptions: { level: 4 } });
  // Counted in the database, so that every server on it allows each limit once (issue 32).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(db, app.log), skipOnError: true });
  await app.register(swagger, openApiOptions);
  const { hub, sessionCache } = await listenForChanges(app, db);
  await app.register(authPlugin, {
    db,
    sessions: sessionCache,
    secret: await jwtSecret(db, config.jwtSecret),
    tokenTtlSeconds: config.tokenTtlSeconds,
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    merchantApiWrongKeysPerMinute: config.merchantApiWrongKeysPerMinute,
  });

  const settings = routeSettings(app, config, { db, hub });
  const reads = { ...settings, db: readDb };
  await app.register(
    async (v1) => {
      v1.get('/docs', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());
      await v1.register(healthRoutes, { ...settings, readiness });
      await v1.register(authRoutes, settings);
      await v1.register(twoFactorRoutes, settings);
      await v1.register(onboardingRoutes, settings);
      await v1.register(confirmationRoutes, settings);
      await v1.register(merchantRoutes, settings);
      await v1.register(merchantApplicationRoutes, settings);
      await v1.register(merchantListRoutes, settings);
      await v1.register(vendorRoutes, settings);
      await v1.register(bankAccountRoutes, settings);
      await v1.register(userRoutes, settings);
      await v1.register(auditEventRoutes, settings);
      await v1.register(bankEntryRoutes, settings);
      await v1.register(boardRoutes, reads);
      await v1.register(accountReportRoutes, reads);
      await v1.register(settlementRoutes, settings);
      await v1.register(vendorSettlementRoutes, settings);
      await v1.register(lienRoutes, settings);
      await v1.register(settlementTransitionRoutes, settings);
      await v1.register(settlementBalanceRoutes, settings);
      // One read-only snapshot of all history: its cost grows with the ledger, so it reads the replica.
      await v1.register(reconciliationRoutes, reads);
      await v1.register(merchantApiRoutes, settings);
      await v1.register(payRoutes, settings);
      await v1.register(payinRoutes, settings);
      await v1.register(payoutRoutes, settings);
      await v1.register(checkerRequestRoutes, settings);
      await v1.register(attentionRoutes, settings);
      await v1.register(preferenceRoutes, settings);
      await v1.register(payoutAdminRoutes, settings);
      await v1.register(payoutEkoRoutes, settings);
      await v1.register(reportRoutes, reads);
      await v1.register(providerRoutes, settings);
      await v1.register(providerWebhookRoutes, settings);
      await v1.register(eventRoutes, settings);
      // Only the demo has merchants that call back to this machine.
      if (settings.seedDemo) await v1.register(demoReceiverRoutes, settings);
    },
    { prefix: '/v1' },
  );
  // The demo merchants' customers come back to a page of this server.
  if (settings.seedDemo) await app.register(demoReturnRoutes);
  await app.register(staticPlugin, {
    distDir: config.distDir,
    payPagePolicy: async () => payPagePolicy(await allProviderSettings(db, settings.providers)),
    payPageState: payStateOf(db, settings.providers, app.log),
    payPageRateLimitPerMinute: settings.rateLimits.payPage,
  });

  startJobs(app, {
    db,
    intervalMs: config.jobIntervalMs,
    callbackWorker: config.callbackWorker,
    allowPrivate: settings.urls.allowPrivate,
    eko: settings.eko,
    demo:
      settings.seedDemo && demoSeeded
        ? { ttlMinutes: config.payinTtlMinutes ?? PAYIN_TTL_MINUTES, seeded: demoSeeded }
        : undefined,
  });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
