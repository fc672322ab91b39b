import fs from 'node:fs';
import { VOICE_SERVICE_FORM, VOICE_SERVICE_MESSAGES } from '@sim/shared';
import type { AppConfig } from '../../config';

type ServiceConfig = NonNullable<AppConfig['voiceService']>;

/** The spec's fields of the hand-off (learner-and-review.md section 7), as sent. */
export type HandOffFields = Record<(typeof VOICE_SERVICE_FORM.fields)[number], string>;

/** A failed post: its message (kept on the attempt) and whether another try may pass. */
export class HandOffError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HandOffError';
  }
}

const MAX_ID_LENGTH = 200;

/**
 * The id in the service's JSON answer: `snowflyId` or `id`, at the top or under `data` (the spec's own
 * answer is `data.snowflyId`); a string or a number. Null when there is none.
 */
export function idOfAnswer(body: unknown): string | null {
  const candidates = (o: unknown) => {
    const r = o && typeof o === 'object' ? (o as Record<string, unknown>) : {};
    return [r.snowflyId, r.id];
  };
  const data = body && typeof body === 'object' ? (body as Record<string, unknown>).data : undefined;
  for (const value of [...candidates(body), ...candidates(data)]) {
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() && value.trim().length <= MAX_ID_LENGTH) return value.trim();
  }
  return null;
}

/** 5xx, 408 and 429 may pass on another try; any other refusal will not. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Posts the merged MP3 (multipart: the spec's fields and the file under `file`, streamed from disk) to
 * VOICE_SERVICE_URL with the bearer token when configured; the whole exchange is bounded by `timeoutMs`,
 * redirects are not followed. Answers the service's id; throws HandOffError, or the abort of `signal`.
 */
export async function postMergedAudio(
  config: ServiceConfig,
  fields: HandOffFields,
  file: { path: string; name: string },
  signal: AbortSignal,
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    VOICE_SERVICE_FORM.file,
    await fs.openAsBlob(file.path, { type: VOICE_SERVICE_FORM.fileType }),
    file.name,
  );
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const failed = (err: unknown): never => {
    if (signal.aborted) throw err;
    if (timeout.aborted)
      throw new HandOffError(VOICE_SERVICE_MESSAGES.timedOut(Math.ceil(config.timeoutMs / 1000)), true, { cause: err });
    throw new HandOffError(VOICE_SERVICE_MESSAGES.unreachable, true, { cause: err });
  };
  let text: string;
  let status: number;
  try {
    const res = await fetch(config.url, {
      method: 'POST',
      body: form,
      headers: { accept: 'application/json', ...(config.token ? { authorization: `Bearer ${config.token}` } : {}) },
      redirect: 'manual',
      signal: AbortSignal.any([signal, timeout]),
    });
    status = res.status;
    text = await res.text();
  } catch (err) {
    return failed(err);
  }
  if (status < 200 || status > 299) throw new HandOffError(VOICE_SERVICE_MESSAGES.badStatus(status), retryable(status));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const id = idOfAnswer(body);
  if (!id) throw new HandOffError(VOICE_SERVICE_MESSAGES.noId, false);
  return id;
}
