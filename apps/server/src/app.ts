import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { SPEECH_LIMITS } from '@sim/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { jobsPlugin } from './jobs/plugin';
import { assignmentRoutes } from './modules/assignments/routes';
import { attemptRoutes } from './modules/attempts/routes';
import { authRoutes } from './modules/auth/routes';
import { caseServiceRoutes } from './modules/cases/routes';
import { classNoteRoutes } from './modules/class-notes/routes';
import { employeeRoutes } from './modules/employees/routes';
import { fileRoutes } from './modules/files/routes';
import { groupRoutes } from './modules/groups/routes';
import { helpdeskRoutes } from './modules/helpdesk/routes';
import { outboxRoutes } from './modules/mail/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { permissionMatrixRoutes } from './modules/permission-matrix/routes';
import { profileRoutes } from './modules/profile/routes';
import { resultRoutes } from './modules/results/routes';
import { roleRoutes } from './modules/roles/routes';
import { scoreRoutes } from './modules/scores/routes';
import { screenRecordingRoutes } from './modules/screen-recording/routes';
import { simExcelRoutes } from './modules/sims/excel/routes';
import { simRoutes } from './modules/sims/index';
import { speechRoutes } from './modules/speech/routes';
import { speechStreamRoutes } from './modules/speech/stream';
import { systemRoutes } from './modules/system/routes';
import { registrationRoutes } from './modules/users/registration-routes';
import { usersAdminRoutes } from './modules/users-admin/routes';
import { voiceServiceRoutes } from './modules/voice-service/routes';
import { registerAccessControl } from './plugins/access';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { answerHeaders, frameworkErrors, requestIdOf } from './plugins/http-basics';
import { registerInputRules } from './plugins/input-rules';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  webDist?: string;
}

/** Builds the whole application from its dependencies; main.ts listens, tests call app.inject(). */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY); none by default
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false, // a client's x-request-id is taken only when safe (requestIdOf)
    genReqId: requestIdOf,
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.addHook('onSend', (request, reply, payload, done) => {
    answerHeaders(request, reply);
    done(null, payload);
  });

  registerErrorHandling(app);
  // first of the onRequest hooks: an answer refused by a later one (401, 403, 414) carries the headers too
  registerSecurityHeaders(app);
  registerInputRules(app);
  // before access control: its onRequest hook marks upgrade requests, so a refused upgrade closes its socket
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  registerAccessControl(app);
  await registerRateLimit(app, deps.db);
  await registerDocs(app);
  await app.register(multipart, { limits: { fileSize: SPEECH_LIMITS.maxAudioBytes, files: 1, fields: 20 } });

  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(outboxRoutes);
  await app.register(fileRoutes);
  await app.register(speechRoutes);
  await app.register(speechStreamRoutes);
  await app.register(groupRoutes);
  await app.register(roleRoutes);
  await app.register(permissionMatrixRoutes);
  await app.register(notificationRoutes);
  await app.register(employeeRoutes);
  await app.register(usersAdminRoutes);
  await app.register(profileRoutes);
  await app.register(simRoutes);
  await app.register(simExcelRoutes);
  await app.register(caseServiceRoutes);
  await app.register(assignmentRoutes);
  await app.register(classNoteRoutes);
  await app.register(attemptRoutes);
  await app.register(resultRoutes);
  await app.register(screenRecordingRoutes);
  await app.register(scoreRoutes);
  await app.register(voiceServiceRoutes);
  await app.register(helpdeskRoutes);
  await app.register(jobsPlugin);

  await registerWeb(app, options.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
