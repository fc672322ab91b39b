import { SCORE_EXPORT, scoresApi, type TScoreFilterInput, type TScoreListQuery } from '@sim/shared';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';

/** Bytes received so far (the server streams the workbook, so the whole size is not known in advance). */
export type OnBytes = (received: number) => void;

/**
 * The filtered scores as Score_List.xlsx: POST /api/v1/sims/level/listing?download=true with the filter.
 * Failures throw ApiError with the server's message (401 signs out, 403 goes to /permissiondenied).
 */
export async function exportScores(
  query: TScoreListQuery,
  body: TScoreFilterInput,
  onBytes: OnBytes = () => {},
  signal?: AbortSignal,
): Promise<string> {
  const { blob } = await apiDownload(scoresApi.listing, {
    input: { query: { ...query, download: true } },
    body,
    onBytes,
    signal,
    fallbackName: SCORE_EXPORT.fileName,
  });
  saveBlob(blob, SCORE_EXPORT.fileName);
  return SCORE_EXPORT.fileName;
}
