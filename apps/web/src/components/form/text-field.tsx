import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { LABELS } from '@sim/shared';
import { type ReactNode, useState } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { type FieldProps, readOnlySlots } from './field-props';

export interface FormTextFieldProps<T extends FieldValues, TOut = T> extends FieldProps<T, TOut> {
  type?: string;
  autoComplete?: string;
  /** shown under the field while it has no error */
  helperText?: string;
  /** a message from outside the form's rules (e.g. 'Duplicate Email !'); the rule's own message wins */
  extraError?: string;
  /** a multi-line field of this many rows */
  rows?: number;
  /** the most characters the field takes */
  maxLength?: number;
  /** default true */
  fullWidth?: boolean;
  endAdornment?: ReactNode;
  /** after the form's own blur handling (e.g. save-on-blur, an availability check) */
  onBlur?: () => void;
}

/** A text field of a react-hook-form form: the rule's message (or `extraError`) as its helper text. */
export function FormTextField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  readOnly,
  disabled,
  type,
  autoComplete,
  helperText,
  extraError,
  rows,
  maxLength,
  fullWidth = true,
  endAdornment,
  onBlur,
}: FormTextFieldProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? extraError;
        return (
          <TextField
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={() => {
              field.onBlur();
              onBlur?.();
            }}
            inputRef={field.ref}
            label={label}
            type={type}
            autoComplete={autoComplete}
            required={required && !readOnly}
            disabled={disabled}
            multiline={rows !== undefined}
            rows={rows}
            fullWidth={fullWidth}
            error={Boolean(message)}
            helperText={message ?? helperText}
            slotProps={{
              input: { ...(readOnly ? readOnlySlots.input : {}), ...(endAdornment ? { endAdornment } : {}) },
              inputLabel: readOnly ? readOnlySlots.inputLabel : undefined,
              htmlInput: maxLength === undefined ? undefined : { maxLength },
            }}
          />
        );
      }}
    />
  );
}

/** A password field with the show/hide button. */
export function FormPasswordField<T extends FieldValues, TOut = T>(
  props: Omit<FormTextFieldProps<T, TOut>, 'type' | 'endAdornment'>,
) {
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? LABELS.hidePassword : LABELS.showPassword}
            onClick={() => setShown((v) => !v)}
            edge="end"
          >
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
