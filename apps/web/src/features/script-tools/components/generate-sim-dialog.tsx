import type { GenerateSimDialogProps } from '../index';

/** Not built yet: the script-tools helper replaces this file. */
export function GenerateSimDialog(_props: GenerateSimDialogProps) {
  return null;
}
