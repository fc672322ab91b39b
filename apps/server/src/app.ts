import helmet from '@fastify/helmet';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { authRoutes } from './modules/auth/routes';
import { outboxRoutes } from './modules/mail/routes';
import { systemRoutes } from './modules/system/routes';
import { registrationRoutes } from './modules/users/registration-routes';
import { registerAccessControl } from './plugins/access';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerWeb } from './plugins/web';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
}

/** Builds the whole application from its dependencies; main.ts listens, tests call app.inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerAccessControl(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerRateLimit(app);
  await registerDocs(app);

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(outboxRoutes);

  await registerWeb(app, options.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
