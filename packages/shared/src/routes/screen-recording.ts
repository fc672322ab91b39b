import { defineRoute } from '../contract/define';
import {
  ZBuildScreenShareRequest,
  ZBuildScreenShareResponse,
  ZGetVideoResponse,
  ZRecordingRetention,
  ZRecordingRetentionResponse,
  ZSaveScreenShareRequest,
  ZSaveScreenShareResponse,
  ZScreenShareChunkResponse,
  ZScreenShareQuery,
} from '../schemas/screen-recording';
import { requires } from './access';

const tags = ['screen-recording'];

/**
 * Screen recording of an attempt (learner-and-review.md section 7; DECISIONS.md section 6). The upload and
 * the build are the attempt's learner's only (another user's attempt: 403; another company's: 404); the
 * status is read by whoever may read the attempt's result; saving and marking best practice need the
 * "Download Sim Screen Recording Button" permission (download_video view), as does the download URL.
 */
export const screenRecordingApi = {
  saveStream: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-screen-share-stream',
    access: 'signedIn',
    tags,
    summary:
      'One part of a screen recording (multipart: id, chunkData, chunkNumber, totalChunks, originalname, fileName, fileType); a part sent twice is stored once',
    body: 'multipart',
    response: ZScreenShareChunkResponse,
  }),
  build: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/build-screen-share-video',
    access: 'signedIn',
    tags,
    summary: "Build the attempt's MP4 from its uploaded screens (a job): {sources, duration, stamps}",
    query: ZScreenShareQuery,
    body: ZBuildScreenShareRequest,
    response: ZBuildScreenShareResponse,
    alsoAnswers: [202],
  }),
  getVideo: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/get-video',
    access: 'signedIn',
    tags,
    summary: "The attempt's screen-recording video: status (processing, saved, failed), signed URL and details",
    query: ZScreenShareQuery,
    response: ZGetVideoResponse,
  }),
  saveVideo: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-screen-share-video',
    access: requires('download_video', 'view'),
    tags,
    summary: "Save the attempt's screen recording and mark or unmark it as best practice: {url, bestPractice}",
    query: ZScreenShareQuery,
    body: ZSaveScreenShareRequest,
    response: ZSaveScreenShareResponse,
  }),
  getRetention: defineRoute({
    method: 'GET',
    url: '/api/v1/company/screen-recording-retention',
    access: requires('sim_admin', 'view'),
    tags,
    summary: "The company's retention of screen recordings (days; null keeps them)",
    response: ZRecordingRetentionResponse,
  }),
  setRetention: defineRoute({
    method: 'POST',
    url: '/api/v1/company/screen-recording-retention',
    access: requires('sim_admin', 'update'),
    tags,
    summary: "Set the company's retention of screen recordings (days 1–3650, or null to keep them)",
    body: ZRecordingRetention,
    response: ZRecordingRetentionResponse,
  }),
} as const;
