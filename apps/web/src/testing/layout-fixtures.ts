import type { TLayoutField } from '@sim/shared';

/** A field of a case layout for tests: a plain, enabled, unscored text field unless told otherwise. */
export const layoutField = (
  over: Partial<TLayoutField> & Pick<TLayoutField, 'field_title' | 'attribute_name'>,
): TLayoutField => ({
  type: 'text',
  options: [],
  value: '',
  is_scorable: false,
  is_enabled: true,
  ...over,
});
