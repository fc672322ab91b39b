import { PHONE_MASK } from '@sim/shared';
import { forwardRef } from 'react';
import { IMaskInput } from 'react-imask';

interface PhoneMaskInputProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** The phone field's input for MUI's TextField: the spec's mask +1 (###) ###-####. */
export const PhoneMaskInput = forwardRef<HTMLInputElement, PhoneMaskInputProps>(function PhoneMaskInput(props, ref) {
  const { onChange, ...other } = props;
  return (
    <IMaskInput
      {...other}
      mask={PHONE_MASK}
      inputRef={ref}
      overwrite
      onAccept={(value: string) => onChange({ target: { name: props.name, value } })}
    />
  );
});
