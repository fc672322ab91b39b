import { type RouteAccess, requires } from './access';

const VIEW = requires('sim_list', 'view');
const UPDATE = requires('sim_list', 'update');

/**
 * The authoring area: Data Input layouts (the layout template is GET /api/v1/sims/download-template?kind=layout,
 * listed with the sim routes). The services check the sim on top: of the caller's company (404 otherwise),
 * and not in the trash for every change.
 */
export const SIM_DATA_INPUT_ROUTES: Record<string, RouteAccess> = {
  'POST /api/v1/sims/upload-keyword/:id': UPDATE,
  'GET /api/v1/layoutData/fetch': VIEW,
  'GET /api/v1/sims/get-keywords': VIEW,
  'POST /api/v1/layoutData/save': UPDATE,
};

/**
 * The case service (DECISIONS.md section 7), served outside /api under /case-service/api/v1: any signed-in
 * user (learners load case details while taking a sim); the cases are those of the caller's company. Its
 * module checks these entries itself, as the access plugin does for /api.
 */
export const CASE_SERVICE_ROUTES: Record<string, RouteAccess> = {
  'GET /case-service/api/v1/case/ids': 'signedIn',
  'GET /case-service/api/v1/case-details': 'signedIn',
};
