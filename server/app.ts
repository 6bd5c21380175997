import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config';
import type { Database } from './db';
import { authPlugin } from './plugins/auth';
import { securityHeaders } from './plugins/security-headers';
import { serverOptions } from './plugins/server-options';
import { handleRequests } from './plugins/requests';
import { openApiOptions } from './plugins/openapi';
import { listenForChanges } from './plugins/notifications';
import { staticPlugin } from './plugins/static';
import { jwtSecret } from './services/common/settings';
import { writeToOutbox } from './services/common/outbox';
import { setPasswordHashCost } from './services/identity/passwords';
import { authRoutes } from './routes/auth';
import { twoFactorRoutes } from './routes/two-factor';
import { healthRoutes } from './routes/health';
import { onboardingRoutes } from './routes/onboarding';
import { confirmationRoutes } from './routes/confirmations';
import { merchantListRoutes } from './routes/merchant-list';
import { merchantRoutes } from './routes/merchants';
import { vendorRoutes } from './routes/vendors';
import { bankAccountRoutes } from './routes/bank-accounts';
import { userRoutes } from './routes/users';
import { merchantApplicationRoutes } from './routes/merchant-applications';
import { auditEventRoutes } from './routes/audit-events';
import { merchantApiRoutes } from './routes/merchant-api';
import { payRoutes } from './routes/pay';
import { payinRoutes } from './routes/payins';
import { bankEntryRoutes } from './routes/bank-entries';
import { settlementRoutes } from './routes/settlements';
import { settlementBalanceRoutes } from './routes/settlement-balances';
import { reconciliationRoutes } from './routes/reconciliation';
import { payoutRoutes } from './routes/payouts';
import { payoutAdminRoutes } from './routes/payout-admin';
import { payoutEkoRoutes } from './routes/payout-eko';
import { providerRoutes } from './routes/providers';
import { payPagePolicy } from './services/pay-page/pay-page-policy';
import { allProviderSettings } from './services/providers/provider-config';
import { providerWebhookRoutes } from './routes/provider-webhooks';
import { reportRoutes } from './routes/reports';
import { boardRoutes } from './routes/boards';
import { accountReportRoutes } from './routes/account-reports';
import { eventRoutes } from './routes/events';
import { demoReceiverRoutes } from './routes/demo-receiver';
import { ekoSetupFrom } from './services/payouts/payout-eko';
import { startJobs } from './jobs';

export type AppConfig = Pick<
  Config,
  | 'jwtSecret'
  | 'tokenTtlSeconds'
  | 'resetTokenTtlMinutes'
  | 'authRateLimitPerMinute'
  | 'maxFailedLogins'
  | 'distDir'
  | 'publicUrl'
  | 'outboxDir'
  | 'uploadsDir'
> &
  Partial<
    Pick<
      Config,
      | 'trustProxy'
      | 'idleTimeoutSeconds'
      | 'require2faRoles'
      | 'allowPrivateCallbackUrls'
      | 'passwordHashCost'
      | 'payinTtlMinutes'
      | 'merchantApiRateLimitPerMinute'
      | 'merchantApiWrongKeysPerMinute'
      | 'payPageRateLimitPerMinute'
      | 'callbackWorker'
      | 'payoutCheckerThresholdRupees'
      | 'eko'
      | 'ekoInquiryIntervalMs'
      | 'ekoNotFoundGraceSeconds'
      | 'webhookRateLimitPerMinute'
      | 'webhookUnverifiedRateLimitPerMinute'
      | 'providers'
      | 'seedDemo'
    >
  > & {
    /** How often the server drops expired pay-ins and polls for callbacks (tests run them on demand). */
    jobIntervalMs?: number;
    /** How often an open live stream is pinged and its session checked again (25 s; tests shorten it). */
    livePingMs?: number;
  };

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
}

/** The whole server: cross-cutting plugins, then the /v1 routes, then the dashboard's pages. */
export const buildApp = async ({ database, config, logger = false }: BuildOptions) => {
  const { db } = database;
  if (config.passwordHashCost) setPasswordHashCost(config.passwordHashCost);
  const app = Fastify(serverOptions(config, logger)).withTypeProvider<TypeBoxTypeProvider>();

  handleRequests(app);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'], scriptSrc: ["'self'"] },
    },
  });
  // gzip at level 4, not zlib's 6: half the server's time per byte for 7 % more bytes (a CSV export of
  // 1,000,000 pay-ins, server and its reader in one process: 5.8–6.1 s of CPU instead of 7.4 s;
  // 27 MB of pay-in CSV gzipped in 0.24–0.33 s instead of 0.56–0.60 s).
  await app.register(compress, { threshold: 1024, zlibOptions: { level: 4 } });
  // Cookies carry only the device token of services/identity/devices.ts; nothing signs in by cookie.
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
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

  const authOptions = {
    tokenTtlSeconds: config.tokenTtlSeconds,
    maxFailedLogins: config.maxFailedLogins,
    resetTokenTtlMinutes: config.resetTokenTtlMinutes,
    require2faRoles: config.require2faRoles ?? [],
  };
  // No mail transport yet: the link waits in the outbox, never in the log (issue 9, item 6).
  const deliverResetLink = async (userName: string, token: string) => {
    const link = `${config.publicUrl ?? ''}/reset-password?token=${token}`;
    const file = await writeToOutbox(config.outboxDir, 'password-resets', { userName, link });
    app.log.info({ userName, outbox: file }, 'password reset link written to the outbox');
  };

  // Merchants' site, return and callback URLs: https on the public internet unless configured otherwise.
  const urls = { allowPrivate: config.allowPrivateCallbackUrls ?? false };
  const publicUrl = config.publicUrl ?? '';
  const ttlMinutes = config.payinTtlMinutes ?? 10;
  const checkerThresholdPaise = (config.payoutCheckerThresholdRupees ?? 1_00_000) * 100;
  const eko = ekoSetupFrom(config);
  await app.register(
    async (v1) => {
      v1.get('/docs', { config: { access: { public: true } }, schema: { hide: true } }, async () => app.swagger());
      await v1.register(healthRoutes, { db });
      await v1.register(authRoutes, {
        db,
        auth: authOptions,
        rateLimitPerMinute: config.authRateLimitPerMinute,
        deliverResetLink,
      });
      await v1.register(twoFactorRoutes, { db, auth: authOptions, rateLimitPerMinute: config.authRateLimitPerMinute });
      await v1.register(onboardingRoutes, { db, rateLimitPerMinute: config.authRateLimitPerMinute, urls });
      await v1.register(confirmationRoutes, {
        db,
        rateLimitPerMinute: config.authRateLimitPerMinute,
        maxFailedLogins: config.maxFailedLogins,
      });
      await v1.register(merchantRoutes, { db, urls });
      await v1.register(merchantApplicationRoutes, { db, urls });
      // The staff screens' resources that need only the database.
      const staffScreens = [merchantListRoutes, vendorRoutes, bankAccountRoutes, userRoutes, auditEventRoutes];
      for (const routes of [...staffScreens, bankEntryRoutes, boardRoutes, accountReportRoutes])
        await v1.register(routes, { db });
      await v1.register(settlementRoutes, { db, checkerThresholdPaise });
      await v1.register(settlementBalanceRoutes, { db });
      await v1.register(reconciliationRoutes, { db });
      await v1.register(merchantApiRoutes, {
        db,
        urls,
        publicUrl,
        ttlMinutes,
        rateLimitPerMinute: config.merchantApiRateLimitPerMinute ?? 600,
      });
      await v1.register(payRoutes, {
        db,
        providers: config.providers ?? {},
        rateLimitPerMinute: config.payPageRateLimitPerMinute ?? 120,
        uploadsDir: config.uploadsDir,
        ttlMinutes,
        publicUrl,
      });
      await v1.register(payinRoutes, { db, urls, publicUrl, uploadsDir: config.uploadsDir, ttlMinutes });
      await v1.register(payoutRoutes, { db, checkerThresholdPaise, eko });
      await v1.register(payoutAdminRoutes, { db });
      await v1.register(payoutEkoRoutes, {
        db,
        eko,
        checkerThresholdPaise,
        webhookRateLimitPerMinute: config.webhookRateLimitPerMinute ?? 600,
      });
      await v1.register(reportRoutes, { db });
      const providers = config.providers ?? {};
      await v1.register(providerRoutes, { db, providers });
      await v1.register(providerWebhookRoutes, {
        db,
        providers,
        rateLimitPerMinute: config.webhookRateLimitPerMinute ?? 600,
        unverifiedRateLimitPerMinute: config.webhookUnverifiedRateLimitPerMinute ?? 60,
      });
      await v1.register(eventRoutes, {
        db,
        hub,
        pingMs: config.livePingMs,
        idleTimeoutSeconds: config.idleTimeoutSeconds,
      });
      // Only the demo has merchants that call back to this machine.
      if (config.seedDemo) await v1.register(demoReceiverRoutes, { db });
    },
    { prefix: '/v1' },
  );
  await app.register(staticPlugin, {
    distDir: config.distDir,
    payPagePolicy: async () => payPagePolicy(await allProviderSettings(db, config.providers ?? {})),
    payPageRateLimitPerMinute: config.payPageRateLimitPerMinute ?? 120,
  });

  startJobs(app, {
    db,
    intervalMs: config.jobIntervalMs,
    callbackWorker: config.callbackWorker,
    allowPrivate: urls.allowPrivate,
    eko,
  });
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
