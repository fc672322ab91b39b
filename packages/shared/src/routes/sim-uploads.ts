import { type RouteAccess, requires } from './access';

const UPDATE = requires('sim_list', 'update');

/**
 * The authoring area: uploads of a sim (attachments, tutorial, learning package, videos, audio). The
 * services check the sim on top: of the caller's company (404 otherwise) and not in the trash.
 */
export const SIM_UPLOAD_ROUTES: Record<string, RouteAccess> = {
  'POST /api/v1/sims/get-presigned-url': UPDATE,
  // the PUT of a presigned URL: the URL is signed for the user who asked for it (no bearer token); the
  // route checks that user still holds sim_list update and the sim is theirs and active
  'PUT /api/v1/sims/presigned-upload/:type/:simId/:uploadId/:fileName': 'signedUrl',
  'POST /api/v1/sims/add-attachment': UPDATE,
  'POST /api/v1/sims/add-tutorial-video/:id': UPDATE,
  'PATCH /api/v1/sims/remove-document': UPDATE,
  'POST /api/v1/sims/remove-media': UPDATE,
  'POST /api/v1/sims/add-captivate/:id': UPDATE,
  'POST /api/v1/sims/add-captivate-video/:id': UPDATE,
  'POST /api/v1/sims/upload-video': UPDATE,
  'POST /api/v1/sims/upload-audio': UPDATE,
  // the unpacked learning package, opened in a browser: the signature and expiry are in the path (so the
  // package's relative links keep them) and are checked by the route; no bearer token
  'GET /api/v1/sims/captivate-package/:token/:simId/:uploadId/*': 'public',
};
