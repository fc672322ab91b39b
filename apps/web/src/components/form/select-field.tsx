import { MenuItem, TextField } from '@mui/material';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldProps, readOnlySlots } from './field-props';

/** An option of a select or a tags field. */
export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface FormSelectProps<T extends FieldValues, TOut = T> extends FieldProps<T, TOut> {
  choices: readonly Choice[];
  /** after the form's value changed (e.g. a linked field follows) */
  onValueChange?: (value: string) => void;
  /** default true */
  fullWidth?: boolean;
}

/**
 * A single choice. A stored value that is no longer offered shows as a disabled option (so it is not
 * blanked out); read-only, the chosen label shows as text.
 */
export function FormSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  readOnly,
  disabled,
  choices,
  onValueChange,
  fullWidth = true,
}: FormSelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = (field.value as string | undefined) ?? '';
        if (readOnly)
          return (
            <TextField
              label={label}
              value={choices.find((c) => c.value === value)?.label ?? value}
              fullWidth={fullWidth}
              slotProps={readOnlySlots}
            />
          );
        const known = value === '' || choices.some((c) => c.value === value);
        return (
          <TextField
            select
            name={field.name}
            value={value}
            onChange={(event) => {
              field.onChange(event.target.value);
              onValueChange?.(event.target.value);
            }}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={label}
            required={required}
            disabled={disabled}
            fullWidth={fullWidth}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          >
            {known ? null : (
              <MenuItem value={value} disabled>
                {value}
              </MenuItem>
            )}
            {choices.map((c) => (
              <MenuItem key={c.value} value={c.value} disabled={c.disabled}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}
