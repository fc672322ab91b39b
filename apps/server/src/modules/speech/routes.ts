import { speechApi as api, gradeLine, SPEECH_LIMITS, SPEECH_MESSAGES, VOICES, ZKeywordEntry } from '@sim/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, Invalid } from '../../lib/errors';
import { readMultipart } from '../../lib/multipart';
import { route } from '../../lib/route';
import { signPath } from '../../lib/url-signing';
import { actorOf } from '../../plugins/access';
import { synthesize, transcribeUpload } from './service';

/**
 * Transcriptions a user may ask in a minute (issue 32): each one holds a decoder for as long as its audio,
 * so one user cannot fill the decoders' queue. Counted in PostgreSQL for every instance (plugins/rate-limit.ts),
 * per user, as the client error reports are (sims/client-log.ts); the answer is 429 with the envelope.
 */
export const TRANSCRIBE_PER_MINUTE = 10;

/** The keywords field of a transcription: a JSON array of keyword entries. */
function parseKeywords(text: string | undefined): string[] | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw Invalid(SPEECH_MESSAGES.keywordsNotJson, 'keywords');
  }
  const result = z.array(ZKeywordEntry).max(200).safeParse(parsed);
  if (!result.success) throw Invalid(result.error.issues[0]?.message ?? SPEECH_MESSAGES.keywordsNotJson, 'keywords');
  return result.data;
}

export const speechRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.voices, async () => ({
    success: true as const,
    voices: VOICES.map((v) => ({ name: v.name, gender: v.gender })),
  }));

  route(app, api.synthesize, async (request, reply) => {
    const { audio, key } = await synthesize(deps, request.body.text, request.body.voice);
    return reply
      .type('audio/mpeg')
      .header('cache-control', 'private, max-age=86400')
      .header('etag', `"${key.slice(4, 36)}"`)
      .send(audio);
  });

  route(
    app,
    api.transcribe,
    async (request) => {
      const upload = await readMultipart(request, {
        file: {
          field: 'audio',
          maxBytes: SPEECH_LIMITS.maxAudioBytes,
          tooLarge: SPEECH_MESSAGES.audioTooLarge,
          missing: SPEECH_MESSAGES.audioMissing,
        },
        fields: ['expected', 'keywords'],
        notMultipart: SPEECH_MESSAGES.notMultipart,
        limits: { fields: 20 },
      });
      const keywords = parseKeywords(upload.fields.keywords);
      const expected = upload.fields.expected?.slice(0, 5000) || undefined;
      const actor = actorOf(request);
      const owner = { companyId: actor.companyId, userId: actor.userId };
      const t = await transcribeUpload(deps, upload.file.bytes, { expected, keywords, owner });
      return { success: true as const, text: t.text, words: t.words };
    },
    {
      config: {
        rateLimit: {
          max: TRANSCRIBE_PER_MINUTE,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `speech-transcribe|${request.actor?.userId ?? request.ip}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', SPEECH_MESSAGES.transcribeRateLimited),
        },
      },
    },
  );

  route(app, api.grade, async (request) => ({ success: true as const, ...gradeLine(request.body) }));

  route(app, api.streamUrl, async (request) => {
    const actor = actorOf(request);
    const now = deps.now();
    const path = signPath(
      deps.urlKey,
      api.stream.url,
      SPEECH_LIMITS.streamUrlTtlSeconds,
      now,
      `${actor.userId}:${actor.companyId}`,
    );
    const scheme = request.protocol === 'https' ? 'wss' : 'ws';
    return {
      success: true as const,
      data: {
        url: `${scheme}://${request.host}${path}`,
        expires_at: new Date(now.getTime() + SPEECH_LIMITS.streamUrlTtlSeconds * 1000).toISOString(),
      },
    };
  });
};
