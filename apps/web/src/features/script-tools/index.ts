/**
 * The dialogs of the Create Levels screen (authoring.md section 2): per-script tools and per-level
 * dialogs. Each dialog makes its own API calls and tells the caller through onSaved/onChanged so the
 * Create Levels screen refetches the sim (full-details).
 *
 * The contract between the Create Levels screen (features/sim-levels) and these dialogs:
 */
import type { TFullDetailsResponse, TFullLevel, TScript } from '@sim/shared';

export type TFullSim = TFullDetailsResponse['sim'];

export interface ScriptDialogProps {
  open: boolean;
  simId: string;
  script: TScript;
  onClose: () => void;
  /** called after the server confirmed a change; the caller refetches */
  onSaved: () => void;
}

export interface LevelDialogProps {
  open: boolean;
  sim: TFullSim;
  level: TFullLevel;
  onClose: () => void;
  /** called after the server confirmed a change; the caller refetches */
  onChanged: () => void;
}

export interface GenerateSimDialogProps {
  open: boolean;
  sim: TFullSim;
  onClose: () => void;
  onGenerated: () => void;
}

/** The summary of a script's auto-populate targets for the script row: 3 field titles, then '...'. */
export { autopopulateSummary } from '@sim/shared';
export { AutopopulateDialog } from './components/autopopulate-dialog';
export { CopyHintsDialog } from './components/copy-hints-dialog';
export { GenerateSimDialog } from './components/generate-sim-dialog';
export { HintTextDialog } from './components/hint-text-dialog';
export { KeywordsDialog } from './components/keywords-dialog';
export { LevelSettingsDialog } from './components/level-settings-dialog';
export { ManageTestsDialog } from './components/manage-tests-dialog';
export { PassCriteriaDialog } from './components/pass-criteria-dialog';
export { TryTestDialog } from './components/try-test-dialog';
