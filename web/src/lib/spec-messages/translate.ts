/**
 * The specification's messages (toasts, alerts, field errors, the error catalogue) are written
 * in English where they are raised, exactly as the spec words them; they are translated where
 * they are shown (the toaster, alerts, form fields). The `spec-messages` catalogue is keyed by that
 * English text, so a screen built by anyone shows a spec text in Spanish as soon as the
 * catalogue has it, and in English until then.
 */
import { useTranslation } from 'react-i18next';

import { i18n } from '@/lib/i18n';

/** English text is the key: its dots and colons are not separators. */
const AS_TEXT = { ns: 'spec-messages', keySeparator: false, nsSeparator: false } as const;

/** The message in the interface language (outside React). */
export function translateMessage(text: string): string {
  return i18n.t(text, { ...AS_TEXT, defaultValue: text });
}

/** `translate(text)` in a component, re-rendered when the language changes. */
export function useMessageTranslation(): (text: string) => string {
  const { t } = useTranslation('spec-messages');
  return (text) => t(text, { ...AS_TEXT, defaultValue: text });
}
