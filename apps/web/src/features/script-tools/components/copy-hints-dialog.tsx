import type { LevelDialogProps } from '../index';

/** Not built yet: the script-tools helper replaces this file. */
export function CopyHintsDialog(_props: LevelDialogProps) {
  return null;
}
