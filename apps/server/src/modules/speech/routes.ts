import {
  gradeLine,
  SPEECH_LIMITS,
  SPEECH_MESSAGES,
  VOICES,
  ZGradeRequest,
  ZGradeResponse,
  ZKeywordEntry,
  ZStreamUrlResponse,
  ZSynthesizeRequest,
  ZTranscribeResponse,
  ZVoicesResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Invalid } from '../../lib/errors';
import { signPath } from '../../lib/url-signing';
import { actorOf } from '../../plugins/access';
import { synthesize, transcribe } from './service';
import { readAudioUpload } from './upload';

export const STREAM_PATH = '/api/v1/speech/stream';

export const speechRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/api/v1/speech/voices',
    {
      schema: {
        tags: ['speech'],
        summary: 'The voices a character can speak with',
        response: { 200: ZVoicesResponse },
      },
    },
    async () => ({ success: true as const, voices: VOICES.map((v) => ({ name: v.name, gender: v.gender })) }),
  );

  app.post(
    '/api/v1/speech/synthesize',
    {
      schema: {
        tags: ['speech'],
        summary: 'Speak a text in a voice; answers the MP3 (generated once per text and voice)',
        body: ZSynthesizeRequest,
        produces: ['audio/mpeg'],
      },
    },
    async (request, reply) => {
      const { audio, key } = await synthesize(deps, request.body.text, request.body.voice);
      return reply
        .type('audio/mpeg')
        .header('cache-control', 'private, max-age=86400')
        .header('etag', `"${key.slice(4, 36)}"`)
        .send(audio);
    },
  );

  app.post(
    '/api/v1/speech/transcribe',
    {
      schema: {
        tags: ['speech'],
        summary:
          'Transcribe a recording (multipart: file field audio; optional fields expected and keywords, a JSON array)',
        consumes: ['multipart/form-data'],
        response: { 200: ZTranscribeResponse },
      },
    },
    async (request) => {
      const upload = await readAudioUpload(request, ['expected', 'keywords']);
      let keywords: string[] | undefined;
      if (upload.fields.keywords) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(upload.fields.keywords);
        } catch {
          throw Invalid(SPEECH_MESSAGES.keywordsNotJson, 'keywords');
        }
        const result = z.array(ZKeywordEntry).max(200).safeParse(parsed);
        if (!result.success)
          throw Invalid(result.error.issues[0]?.message ?? SPEECH_MESSAGES.keywordsNotJson, 'keywords');
        keywords = result.data;
      }
      const expected = upload.fields.expected?.slice(0, 5000) || undefined;
      const t = await transcribe(deps, upload.audio, { expected, keywords });
      return { success: true as const, text: t.text, words: t.words };
    },
  );

  app.post(
    '/api/v1/speech/grade',
    {
      schema: {
        tags: ['speech'],
        summary: 'Grade a transcript against keywords and tests (DECISIONS.md section 4)',
        body: ZGradeRequest,
        response: { 200: ZGradeResponse },
      },
    },
    async (request) => ({ success: true as const, ...gradeLine(request.body) }),
  );

  app.get(
    '/api/v1/speech/stream-url',
    {
      schema: {
        tags: ['speech'],
        summary: 'A signed websocket URL for streaming recognition, valid 5 minutes',
        response: { 200: ZStreamUrlResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const now = deps.now();
      const path = signPath(
        deps.urlKey,
        STREAM_PATH,
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
    },
  );
};
