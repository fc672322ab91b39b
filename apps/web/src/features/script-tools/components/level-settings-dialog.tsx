import type { LevelDialogProps } from '../index';

/** Not built yet: the script-tools helper replaces this file. */
export function LevelSettingsDialog(_props: LevelDialogProps) {
  return null;
}
