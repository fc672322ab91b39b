import { AUTHORING_TIMEOUTS_MS } from '../authoring';
import { ADMIN_LIMITS, ALERT_TIMEOUT_MS, PHOTO_ERROR_MS, REGISTRATION_DIALOG_CLOSE_MS } from '../constants';
import { RESULT_LIMITS } from '../results';

/**
 * How long each kind of message of the app's one toast system stays on screen: the time-outs the three spec
 * documents give, gathered in one place (the web's lib/toast reads them). A message with no entry here
 * stays `default` ("alerts auto-clear after 5 s", administration-and-support.md section 9).
 */
export const TOAST_DURATIONS_MS = {
  default: ALERT_TIMEOUT_MS,
  /** 'Permissions Saved Successfully!' (administration section 4) */
  permissionsSaved: ADMIN_LIMITS.permissionsSavedMs,
  /** 'Image size exceeds more than 2mb' (administration section 5) */
  photoError: PHOTO_ERROR_MS,
  /** 'Inputs saved successfully' of the case screen (administration section 4) */
  caseSaved: 6000,
  /** the registration dialog's success (learner-and-review sections 4 and 9) */
  registration: REGISTRATION_DIALOG_CLOSE_MS,
  /** form uploads (authoring section 9) */
  upload: AUTHORING_TIMEOUTS_MS.uploadAlert,
  /** 'Use only one operator & or |' (authoring section 9) */
  keywordError: AUTHORING_TIMEOUTS_MS.keywordError,
  /** level option changes (authoring section 9) */
  levelOption: AUTHORING_TIMEOUTS_MS.levelOptionAlert,
  /** the pass-criteria success (authoring section 9) */
  passCriteria: AUTHORING_TIMEOUTS_MS.passCriteriaAlert,
  /** the message after Delete All empties the trash (authoring section 4) */
  emptyTrash: AUTHORING_TIMEOUTS_MS.emptyTrashMessage,
  /** send for review, PASS, NO PASS (learner-and-review section 9) */
  review: RESULT_LIMITS.reviewAlertMs,
  /** the screen recording's save / best-practice message (learner-and-review section 9) */
  recordingSaved: 2500,
} as const;

export type ToastDurationKind = keyof typeof TOAST_DURATIONS_MS;
