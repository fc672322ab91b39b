import { MESSAGES, ZRegisterRequest } from '@sim/shared';
import { z } from 'zod';

const required = () => z.string().trim().min(1, MESSAGES.requiredField);

/** The registration dialog's fields: all six required, then the server's own rules. */
export const ZRegistrationForm = z.object({
  first_name: ZRegisterRequest.shape.first_name,
  last_name: ZRegisterRequest.shape.last_name,
  company_name: ZRegisterRequest.shape.company_name,
  phone_number: required().pipe(ZRegisterRequest.shape.phone_number),
  email: required().pipe(z.email(MESSAGES.invalidEmail)),
  password: z.string().min(1, MESSAGES.requiredField).pipe(ZRegisterRequest.shape.password),
});
export type TRegistrationFormInput = z.input<typeof ZRegistrationForm>;
export type TRegistrationForm = z.output<typeof ZRegistrationForm>;

export const EMPTY_REGISTRATION: TRegistrationFormInput = {
  first_name: '',
  last_name: '',
  company_name: '',
  phone_number: '',
  email: '',
  password: '',
};
