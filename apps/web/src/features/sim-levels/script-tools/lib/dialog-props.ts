/** The contract between the Create Levels screen (features/sim-levels) and the dialogs of this feature. */
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
