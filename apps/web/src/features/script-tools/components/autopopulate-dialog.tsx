import type { ScriptDialogProps } from '../index';

/** Not built yet: the script-tools helper replaces this file. */
export function AutopopulateDialog(_props: ScriptDialogProps) {
  return null;
}
