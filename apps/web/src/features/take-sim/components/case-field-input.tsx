import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import type { TLayoutField } from '@sim/shared';
import type { ChangeEvent } from 'react';
import { TAKE_SIM_TEXTS as T } from '../lib/texts';

interface CaseFieldInputProps {
  field: TLayoutField;
  value: string;
  onChange: (value: string) => void;
}

/** One field of the case panel, drawn by its type; a field that is not enabled is read-only. */
export function CaseFieldInput({ field, value, onChange }: CaseFieldInputProps) {
  const disabled = !field.is_enabled;
  const common = {
    label: field.field_title,
    value,
    disabled,
    fullWidth: true,
    size: 'small' as const,
    name: field.attribute_name || field.field_title,
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value),
  };
  switch (field.type) {
    case 'checkbox':
      return (
        <FormControlLabel
          label={field.field_title}
          disabled={disabled}
          control={
            <Checkbox
              name={common.name}
              checked={value === 'true'}
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
      return <TextField multiline minRows={2} {...common} />;
    case 'date':
      return <TextField type="date" {...common} slotProps={{ inputLabel: { shrink: true } }} />;
    case 'number':
      return <TextField type="number" {...common} />;
    default:
      return <TextField {...common} />;
  }
}
