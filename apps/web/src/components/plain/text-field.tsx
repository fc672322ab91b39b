import { type InputHTMLAttributes, useId } from 'react';
import './plain.css';

interface PlainTextFieldProps
  extends Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name' | 'autoComplete' | 'autoFocus' | 'onChange'> {
  label: string;
  value: string;
  id?: string;
}

/**
 * MUI's outlined TextField without MUI: the label sits in the field and floats into the outline's notch
 * when the field has focus, a value or the browser's autofill.
 */
export function PlainTextField({ label, value, id: givenId, ...input }: PlainTextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={`sc-field${value !== '' ? ' sc-field--filled' : ''}`}>
      <label className="sc-field__label" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div className="sc-field__root">
        <input className="sc-field__input" id={id} value={value} {...input} />
        <fieldset className="sc-field__outline" aria-hidden="true">
          <legend className="sc-field__legend">
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
    </div>
  );
}
