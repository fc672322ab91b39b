import type { ScriptDialogProps } from '../index';

/** Not built yet: the script-tools helper replaces this file. */
export function ManageTestsDialog(_props: ScriptDialogProps) {
  return null;
}
