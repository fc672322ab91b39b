import { Checkbox, FormControlLabel } from '@mui/material';
import { Controller, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';

/** A yes/no field: a checkbox with its label. */
export function FormCheckbox<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  disabled,
}: Omit<FieldProps<T, TOut>, 'required' | 'readOnly'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          disabled={disabled}
          control={
            <Checkbox
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          }
          label={label}
        />
      )}
    />
  );
}
