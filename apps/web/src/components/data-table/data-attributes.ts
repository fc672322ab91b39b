/** data-* attributes from their names without the prefix: { tone: 'failed' } → { 'data-tone': 'failed' }. */
export const dataAttributes = (data: Record<string, string> | undefined) =>
  Object.fromEntries(Object.entries(data ?? {}).map(([name, value]) => [`data-${name}`, value]));
