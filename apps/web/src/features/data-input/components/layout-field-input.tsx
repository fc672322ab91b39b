import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { DATA_INPUT_STEP_TEXTS as T, type TLayoutField } from '@sim/shared';
import type { ChangeEvent } from 'react';

interface LayoutFieldInputProps {
  field: TLayoutField;
  onChange: (value: string) => void;
}

/** One layout field, drawn by its type; a field that is not enabled is shown disabled. */
export function LayoutFieldInput({ field, onChange }: LayoutFieldInputProps) {
  const disabled = !field.is_enabled;
  const label = field.field_title;
  const common = {
    label,
    value: field.value,
    disabled,
    fullWidth: true,
    size: 'small' as const,
    name: field.attribute_name,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
  };

  switch (field.type) {
    case 'checkbox':
      return (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              name={field.attribute_name}
              checked={field.value === 'true'}
              onChange={(e) => onChange(e.target.checked ? 'true' : 'false')}
            />
          }
        />
      );
    case 'picklist':
    case 'select':
      return (
        <TextField select {...common}>
          <MenuItem value="">{T.noneOption}</MenuItem>
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'textarea':
      return <TextField multiline rows={3} {...common} />;
    case 'date':
      return <TextField type="date" {...common} slotProps={{ inputLabel: { shrink: true } }} />;
    case 'number':
      return <TextField type="number" {...common} />;
    default:
      return <TextField {...common} />;
  }
}
