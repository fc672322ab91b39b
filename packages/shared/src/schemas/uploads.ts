/**
 * Files of a sim kept in the blob store (authoring.md sections 3, 5, 7, 8): tutorial video, learning
 * package, demo video. The database keeps the key and metadata; answers carry signed urls.
 */
import { z } from 'zod';

export const ZStoredFile = z.object({
  key: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
});
export type TStoredFile = z.infer<typeof ZStoredFile>;
