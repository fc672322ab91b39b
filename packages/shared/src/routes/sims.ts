import { type RouteAccess, requires } from './access';

/**
 * The authoring area (issue 5): the sim list and trash, the builder's basic information, characters,
 * levels, scripts, audio, Generate Sim and pass criteria. The services check the sim on top: it must be
 * of the caller's company (404 otherwise), and not in the trash for every change.
 */
const VIEW = requires('sim_list', 'view');
const UPDATE = requires('sim_list', 'update');
const DELETE = requires('sim_list', 'delete');

export const SIM_ROUTES: Record<string, RouteAccess> = {
  // products: any signed-in user
  'GET /api/v1/product': 'signedIn',
  // reading sims
  'GET /api/v1/sims/listing': VIEW,
  'GET /api/v1/sims/list': VIEW,
  'GET /api/v1/sims/simData': VIEW,
  'GET /api/v1/sims/details': VIEW,
  'GET /api/v1/sims/current-sim': VIEW,
  'GET /api/v1/sims/full-details': VIEW,
  'GET /api/v1/sims/deleted-sims': VIEW,
  'GET /api/v1/sims/characters': VIEW,
  'GET /api/v1/sims/get-missed-correct-keywords': VIEW,
  // create (no _id) needs sim_list create, update (_id) sim_list update: checked by the service
  'POST /api/v1/sims/basicInfo': {
    anyOf: [
      { task: 'sim_list', type: 'create' },
      { task: 'sim_list', type: 'update' },
    ],
  },
  'POST /api/v1/sims/duplicate-sim': requires('sim_list', 'create'),
  // trash: delete, restore (the undo of a delete) and empty
  'POST /api/v1/sims/delete': DELETE,
  'POST /api/v1/sims/recover': DELETE,
  'POST /api/v1/sims/trash': DELETE,
  // editing a sim, its characters, levels, scripts, audio and criteria
  'PATCH /api/v1/sims/avatars/update-details': UPDATE,
  'PATCH /api/v1/sims/active-step': UPDATE,
  'POST /api/v1/sims/scripts': UPDATE,
  'POST /api/v1/sims/keywords': UPDATE,
  'POST /api/v1/sims/delete-script': UPDATE,
  'POST /api/v1/sims/delete-level': UPDATE,
  'POST /api/v1/sims/add-level': UPDATE,
  'PATCH /api/v1/sims/editLevel/:id': UPDATE,
  'POST /api/v1/sims/generate-voice': UPDATE,
  'POST /api/v1/sims/generate-sim': UPDATE,
  'POST /api/v1/sims/scripts/real-time-feedback': UPDATE,
  'POST /api/v1/sims/scripts/hint-text': UPDATE,
  'POST /api/v1/sims/levels/keyword-score': UPDATE,
  'POST /api/v1/sims/levels/only-keywords': UPDATE,
  'POST /api/v1/sims/send-to-snowfly': UPDATE,
  'POST /api/v1/sims/toggle-screen-recording-switch': UPDATE,
  'POST /api/v1/sims/copy-hint-text': UPDATE,
  'POST /api/v1/sims/grade-transcription': UPDATE,
  'POST /api/v1/sims/set-criteria': UPDATE,
  'POST /api/v1/sims/remove-sim-passFail': UPDATE,
  // levels import and export through Excel
  'GET /api/v1/sims/download-template': VIEW,
  'POST /api/v1/sims/upload-levels': UPDATE,
  'GET /api/v1/sims/excel/levels': VIEW,
  'GET /api/v1/sims/excel/list': VIEW,
  // client error reports: anyone signed in (rate limited)
  'POST /api/v1/sims/log-error': 'signedIn',
};
