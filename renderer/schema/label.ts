/** A label is an i18n key resolved through the prompt bundle, or an inline pair of texts. */
export type Label = string | { zh_CN: string; en_US: string };

export type LanguageCode = 'zh_CN' | 'en_US';

/** Picks the text of a label for a language, falling back to English then the key itself. */
export function labelText(label: Label | undefined, lang: LanguageCode, translate?: (key: string) => string | undefined): string {
  if (label === undefined) return '';
  if (typeof label === 'string') return translate?.(label) ?? label;
  return label[lang] ?? label.en_US ?? label.zh_CN;
}
