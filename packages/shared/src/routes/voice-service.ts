import { defineRoute, type RouteContract } from '../contract/define';
import {
  ZSnowflyMergeRequest,
  ZSnowflyMergeResponse,
  ZSnowflyStatusQuery,
  ZSnowflyStatusResponse,
} from '../schemas/voice-service';

const tags = ['voice-service'];

/**
 * The hand-off of a level's audio to the external voice-recording service (learner-and-review.md
 * sections 2 and 7, DECISIONS.md section 7). Open to a signed-in user; the attempts policy decides on the
 * record: the attempt's learner, or a caller who sees others' results, of the same company (404 otherwise).
 */
export const voiceServiceApi = {
  merge: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/snowfly-audio-merge',
    access: 'signedIn',
    tags,
    summary:
      "Merge an attempt's level audio (character and learner lines in order) and post it to the voice-recording service",
    body: ZSnowflyMergeRequest,
    response: ZSnowflyMergeResponse,
    alsoAnswers: [202],
  }),
  status: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/snowfly-audio-merge/status',
    access: 'signedIn',
    tags,
    summary: "The state of an attempt's hand-off to the voice-recording service: queued, sent (with its id) or failed",
    query: ZSnowflyStatusQuery,
    response: ZSnowflyStatusResponse,
  }),
} satisfies Record<string, RouteContract>;
