import { TextField } from '@mui/material';
import { Controller, type FieldValues } from 'react-hook-form';
import { PhoneMaskInput } from '../phone-mask-input';
import type { FieldProps } from './field-props';

/** A phone number field with the (999) 999-9999 mask (its own file: the mask library loads with it only). */
export function FormPhoneField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  readOnly,
  disabled,
}: FieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          required={required && !readOnly}
          disabled={disabled}
          fullWidth
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          autoComplete="tel"
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{
            // biome-ignore lint/suspicious/noExplicitAny: MUI types inputComponent for its own event shape
            input: { inputComponent: PhoneMaskInput as any, readOnly },
            inputLabel: { shrink: true },
          }}
        />
      )}
    />
  );
}
