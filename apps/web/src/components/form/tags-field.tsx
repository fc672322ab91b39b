import { Autocomplete, Chip, TextField } from '@mui/material';
import { Controller, type FieldValues } from 'react-hook-form';
import type { FieldProps } from './field-props';
import type { Choice } from './select-field';

/** A multi-select of tags (e.g. the groups of a user): clicking an option or a tag's cross toggles it. */
export function FormTagsField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  required,
  readOnly,
  disabled,
  choices,
}: FieldProps<T, TOut> & { choices: readonly Choice[] }) {
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
            disabled={disabled}
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
