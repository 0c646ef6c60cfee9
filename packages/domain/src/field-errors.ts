import { ERROR_MESSAGES } from './i18n';

/**
 * zod issues → {field: errors key}: the first issue of each field, in order. A message that is not
 * a key of the error catalogue (zod's own English text) becomes `invalid_value`, so a person never
 * sees a library's sentence. Used by the web forms and by the server alike.
 */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '_');
    fields[field] ??= Object.hasOwn(ERROR_MESSAGES['zh-CN'], issue.message) ? issue.message : 'invalid_value';
  }
  return fields;
}
