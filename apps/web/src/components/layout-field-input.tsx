import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { DATA_INPUT_STEP_TEXTS as T, type TLayoutField } from '@sim/shared';
import type { ChangeEvent } from 'react';

interface LayoutFieldInputProps {
  field: TLayoutField;
  /** what the field holds now (the author's default in Data Input, the learner's entry in the case panel) */
  value: string;
  onChange: (value: string) => void;
}

/**
 * One field of a case layout, drawn by its type; a field that is not enabled is shown disabled. The Data
 * Input step (authoring) and the take-sim case panel (learners) draw their layouts with it.
 */
export function LayoutFieldInput({ field, value, onChange }: LayoutFieldInputProps) {
  const disabled = !field.is_enabled;
  const label = field.field_title;
  const name = field.attribute_name || field.field_title;
  const common = {
    label,
    value,
    disabled,
    fullWidth: true,
    size: 'small' as const,
    name,
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
              name={name}
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
      return <TextField multiline rows={3} {...common} />;
    case 'date':
      return <TextField type="date" {...common} slotProps={{ inputLabel: { shrink: true } }} />;
    case 'number':
      return <TextField type="number" {...common} />;
    default:
      return <TextField {...common} />;
  }
}
