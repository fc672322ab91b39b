/**
 * The dialogs of the Create Levels screen (authoring.md section 2): per-script tools and per-level
 * dialogs. Each dialog makes its own API calls and tells the caller through onSaved/onChanged so the
 * Create Levels screen refetches the sim (full-details).
 * The contract with the Create Levels screen (features/sim-levels) is in lib/dialog-props.ts.
 */

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
export type { GenerateSimDialogProps, LevelDialogProps, ScriptDialogProps, TFullSim } from './lib/dialog-props';
