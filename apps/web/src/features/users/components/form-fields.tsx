import { Autocomplete, Chip, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { PhoneMaskInput } from '../../../components/phone-mask-input';

/**
 * The form wrappers of the user form and my settings: react-hook-form controllers over MUI fields,
 * with the field's message as helper text. `readOnly` shows the value without letting it change.
 */
interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  readOnly?: boolean;
  /** a message from outside the form's rules (e.g. 'Duplicate Email !') */
  extraError?: string;
  helperText?: string;
}

const readOnlyProps = (readOnly?: boolean): TextFieldProps['slotProps'] =>
  readOnly ? { input: { readOnly: true }, inputLabel: { shrink: true } } : undefined;

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  readOnly,
  extraError,
  helperText,
  type = 'text',
  autoComplete,
  onBlur,
}: BaseProps<T> & { type?: string; autoComplete?: string; onBlur?: () => void }) {
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
            fullWidth
            error={Boolean(message)}
            helperText={message ?? helperText}
            slotProps={readOnlyProps(readOnly)}
          />
        );
      }}
    />
  );
}

export function FormPhoneField<T extends FieldValues>({ control, name, label, required, readOnly }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          required={required && !readOnly}
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

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  required,
  readOnly,
  choices,
  onValueChange,
}: BaseProps<T> & { choices: readonly Choice[]; onValueChange?: (value: string) => void }) {
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
              fullWidth
              slotProps={readOnlyProps(true)}
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
            fullWidth
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

/** A multi-select of tags (the groups): clicking an option or a tag's cross toggles it. */
export function FormTagsField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  readOnly,
  choices,
}: BaseProps<T> & { choices: readonly Choice[] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const ids = (field.value as string[] | undefined) ?? [];
        const selected = ids.map((id) => choices.find((c) => c.value === id) ?? { value: id, label: id });
        return (
          <Autocomplete
            multiple
            disableCloseOnSelect
            readOnly={readOnly}
            options={choices as Choice[]}
            value={selected}
            getOptionLabel={(c) => c.label}
            getOptionDisabled={(c) => Boolean(c.disabled)}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            onChange={(_event, next) => field.onChange(next.map((c) => c.value))}
            onBlur={field.onBlur}
            renderValue={(value, getItemProps) =>
              value.map((c, index) => {
                const { key, ...itemProps } = getItemProps({ index });
                return <Chip key={key} label={c.label} size="small" {...itemProps} />;
              })
            }
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                inputRef={field.ref}
                label={label}
                required={required && !readOnly}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              />
            )}
          />
        );
      }}
    />
  );
}
