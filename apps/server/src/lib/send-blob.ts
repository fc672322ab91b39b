import type { FastifyReply, FastifyRequest } from 'fastify';
import { type BlobStore, isValidKey } from './blob-store';
import { attachmentDisposition } from './content-disposition';
import { NotFound } from './errors';
import { parseRange } from './range';

/** Types a browser may show inline from our origin; anything else is downloaded (Content-Disposition). */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp)|audio\/[\w.+-]+|video\/[\w.+-]+|application\/pdf|text\/plain)$/;

/**
 * Answers a stored file as a stream, honouring a single HTTP Range (206 with Content-Range; 416 when
 * not satisfiable), so videos can be played and seeked without being read whole.
 */
export async function sendBlob(
  blobs: BlobStore,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  /**
   * inline: never answer as a download (the learning package's own pages and scripts);
   * attachment: always answer as a download (a download button's link)
   */
  options: { contentType?: string; cacheControl?: string; inline?: boolean; attachment?: boolean } = {},
) {
  if (!isValidKey(key)) throw NotFound();
  const info = await blobs.stat(key);
  if (!info) throw NotFound();
  const type = options.contentType ?? info.contentType;
  const range = parseRange(request.headers.range, info.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl ?? 'private, max-age=300')
    .type(type);
  if (options.attachment || (!options.inline && !INLINE_TYPES.test(type.split(';')[0].trim().toLowerCase()))) {
    const name = key.split('/').pop() ?? 'file';
    reply.header('content-disposition', attachmentDisposition(name));
  }
  if (range === null) {
    return reply.code(416).header('content-range', `bytes */${info.size}`).send();
  }
  const blob = await blobs.getStream(key, range);
  if (!blob) throw NotFound();
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', info.size);
  }
  return reply.send(blob.stream);
}
