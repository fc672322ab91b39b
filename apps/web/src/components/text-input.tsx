import { FormControl, FormHelperText, InputLabel, OutlinedInput, type OutlinedInputProps } from '@mui/material';
import { type ReactNode, useId } from 'react';

export interface TextInputProps
  extends Pick<
    OutlinedInputProps,
    'type' | 'name' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'disabled'
  > {
  label: ReactNode;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  id?: string;
}

/**
 * MUI's outlined TextField, built from its parts (the same label, input and helper text, the same look). For
 * the pages of the first load (/login): TextField also brings the code of its `select` mode (Select, Menu,
 * Popover, Modal, about 15 kB gzip). Forms elsewhere use TextField or the form kit.
 */
export function TextInput({ label, required, error, helperText, fullWidth, id: givenId, ...input }: TextInputProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} required={required} error={error} disabled={input.disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} {...input} />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
