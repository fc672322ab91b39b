import { loginAsApi } from '../account-access';
import { assignmentsApi } from '../routes/assignments';
import { attemptsApi } from '../routes/attempts';
import { authApi } from '../routes/auth';
import { casesApi } from '../routes/cases';
import { classNotesApi } from '../routes/class-notes';
import { employeesApi } from '../routes/employees';
import { filesApi } from '../routes/files';
import { groupsApi } from '../routes/groups';
import { helpdeskApi } from '../routes/helpdesk';
import { layoutsApi } from '../routes/layouts';
import { notificationsApi } from '../routes/notifications';
import { permissionMatrixApi } from '../routes/permission-matrix';
import { profileApi } from '../routes/profile';
import { resultsApi } from '../routes/results';
import { rolesApi } from '../routes/roles';
import { scoresApi } from '../routes/scores';
import { screenRecordingApi } from '../routes/screen-recording';
import { simAudioJobsApi } from '../routes/sim-audio-jobs';
import { simExcelApi } from '../routes/sim-excel';
import { criteriaApi, levelsApi } from '../routes/sim-levels';
import { scriptsApi } from '../routes/sim-scripts';
import { simUploadsApi } from '../routes/sim-uploads';
import { simsApi } from '../routes/sims';
import { speechApi } from '../routes/speech';
import { systemApi } from '../routes/system';
import { voiceServiceApi } from '../routes/voice-service';
import type { RouteContract } from './define';

/**
 * Every route contract, by area. The server's access table and the route test walk this; the web imports
 * each area's object by name (never this catalogue, so a page's chunk holds only the schemas it calls).
 */
export const API = {
  auth: authApi,
  loginAs: loginAsApi,
  employees: employeesApi,
  groups: groupsApi,
  roles: rolesApi,
  permissionMatrix: permissionMatrixApi,
  notifications: notificationsApi,
  cases: casesApi,
  layouts: layoutsApi,
  simAudioJobs: simAudioJobsApi,
  sims: simsApi,
  levels: levelsApi,
  scripts: scriptsApi,
  criteria: criteriaApi,
  system: systemApi,
  speech: speechApi,
  files: filesApi,
  simUploads: simUploadsApi,
  profile: profileApi,
  simExcel: simExcelApi,
  assignments: assignmentsApi,
  attempts: attemptsApi,
  classNotes: classNotesApi,
  results: resultsApi,
  scores: scoresApi,
  voiceService: voiceServiceApi,
  helpdesk: helpdeskApi,
  screenRecording: screenRecordingApi,
} satisfies Record<string, Record<string, RouteContract>>;

export const ALL_ROUTES: readonly RouteContract[] = Object.values(API).flatMap((area) =>
  Object.values(area as Record<string, RouteContract>),
);
