import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema of a form: its input is what the fields hold, its output what the submit handler gets. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form with the zod resolver: the fields are checked by the schema (the shared one, or one built
 * from its shapes and limits) and `handleSubmit` hands over the schema's output.
 *
 *   const form = useZodForm(ZRegistrationForm, { defaultValues: EMPTY_REGISTRATION });
 *   <FormTextField control={form.control} name="first_name" label={LABELS.firstName} required />
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
}
