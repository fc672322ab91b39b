/**
 * Where screen recordings live in the blob store, all under screen-recordings/{companyId}/{attemptId}/:
 *   parts/{fileName}/{chunkNumber, 6 digits}  the uploaded parts of one screen (deleted once the video is built)
 *   video-{builtAt ms}.mp4                     the built MP4 (a new name on each build: no stale cached copy)
 * fileName is checked by ZScreenShareFileName ([A-Za-z0-9][A-Za-z0-9._-]*), so it is a safe key segment.
 */
export const attemptPrefix = (companyId: string, attemptId: string) => `screen-recordings/${companyId}/${attemptId}`;

/** Every screen's parts of an attempt (removed whole once its video is saved). */
export const partsPrefix = (companyId: string, attemptId: string) => `${attemptPrefix(companyId, attemptId)}/parts`;

export const filePartsPrefix = (companyId: string, attemptId: string, fileName: string) =>
  `${partsPrefix(companyId, attemptId)}/${fileName}`;

export const partKey = (companyId: string, attemptId: string, fileName: string, chunkNumber: number) =>
  `${filePartsPrefix(companyId, attemptId, fileName)}/${String(chunkNumber).padStart(6, '0')}`;

export const videoKey = (companyId: string, attemptId: string, builtAt: Date) =>
  `${attemptPrefix(companyId, attemptId)}/video-${builtAt.getTime()}.mp4`;
