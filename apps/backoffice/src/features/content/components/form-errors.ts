import type { FormInstance } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffApiError } from '../../../lib/api';

/** The name in the console's language (the IPO's three names). */
export function currentName(name: Record<'zh-CN' | 'zh-HK' | 'en', string>, lang: string): string {
  return lang === 'en' ? name.en : lang === 'zh-HK' ? name['zh-HK'] : name['zh-CN'];
}

/**
 * A refused save shown where it belongs: each field's message (already in the staff member's
 * language) under its field, the rest (a version conflict, a network failure) above the form.
 */
export function useFieldErrors<T extends object>(
  form: FormInstance<T>,
  formNames: readonly string[],
  fieldOf: Record<string, string> = {},
) {
  const { t } = useTranslation('common');
  const [formError, setFormError] = useState<string | null>(null);
  const showError = (e: unknown) => {
    setFormError(null);
    if (e instanceof StaffApiError && Object.keys(e.fields).length > 0) {
      const names = new Set<string>(formNames);
      const onForm: { name: string; errors: string[] }[] = [];
      const other: string[] = [];
      for (const [field, message] of Object.entries(e.fields)) {
        const name = fieldOf[field] ?? field;
        if (names.has(name)) onForm.push({ name, errors: [message] });
        else other.push(message);
      }
      // biome-ignore lint/suspicious/noExplicitAny: antd's setFields takes the form's own name paths
      form.setFields(onForm as any);
      if (other.length > 0) setFormError(other.join(' '));
      return;
    }
    setFormError(e instanceof StaffApiError ? e.message : t('network_error'));
  };
  const clearError = useCallback(() => setFormError(null), []);
  return { formError, showError, clearError };
}
