// The languages the site and the data's descriptions are written in, declared once. Every text in more than one
// language is a `Localized`: one entry per language, keyed by it. The first language is the default one.
export const LANGS = ['id', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/** The default language: its pages sit at the site's root, the others under /<lang>/. */
export const DEFAULT_LANG: Lang = LANGS[0];

/** A text (or any value) in every language. Example: { id: 'Tahun pemilu', en: 'Election year' }. */
export type Localized<T = string> = Record<Lang, T>;
