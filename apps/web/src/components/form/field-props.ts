import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/**
 * What every field of the form kit takes: the form's control, the field's name, its label; `readOnly`
 * shows the value without letting it change (and without the required mark).
 */
export interface FieldProps<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  readOnly?: boolean;
  disabled?: boolean;
}

/** The MUI slot props of a read-only text field: not editable, the label kept above the value. */
export const readOnlySlots = { input: { readOnly: true }, inputLabel: { shrink: true } } as const;
