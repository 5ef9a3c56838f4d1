import i18next, { type i18n } from 'i18next';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Locale } from 'antd/es/locale';
import type { Label } from '../../renderer/schema/label.ts';
import { promptKeys } from 'virtual:prompt-keys';
import { fetchPrompts, saveDefaultLanguage } from '../services/platform-api.ts';

export const SUPPORTED_LANGUAGES = [
  { value: 'zh_CN', label: '简体中文' },
  { value: 'en_US', label: 'English' },
] as const;

const ANTD_LOCALES: Record<string, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/locale/zh_CN'),
  en_US: () => import('antd/locale/en_US'),
};

/**
 * §4 language change: each language's prompt bundle (server prompts, tenant overrides
 * included) and antd locale are loaded once and cached; later switches reuse the cache.
 */
export class I18nStore {
  language = 'zh_CN';
  antdLocale: Locale | undefined = undefined;
  /** Bumped when texts change so observers re-render. */
  revision = 0;
  readonly i18n: i18n;
  private loaded = new Map<string, Locale | undefined>();
  /**
   * Texts of keys already looked up in the current bundles (without variables), emptied when the
   * bundles or the language change. i18next resolves a key anew on every call, and a screen asks
   * for the same labels hundreds of times (every cell of an editable table names its field).
   */
  private texts = new Map<string, string | undefined>();

  constructor(private fetchBundle: (lang: string) => Promise<Record<string, string>> = async (lang) => fetchPrompts(undefined, lang, await promptKeys())) {
    this.i18n = i18next.createInstance();
    void this.i18n.init({ lng: 'zh_CN', fallbackLng: false, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: {} });
    makeAutoObservable<I18nStore, 'loaded' | 'fetchBundle' | 'texts' | 'lookup'>(this, { i18n: false, loaded: false, fetchBundle: false, texts: false, lookup: false }, { autoBind: true });
  }

  /** Where prompts come from: the tenant's bundle once signed in. */
  setBundleSource(fetch: (lang: string) => Promise<Record<string, string>>): void {
    this.fetchBundle = fetch;
  }

  get isLoaded(): (lang: string) => boolean {
    return (lang) => this.loaded.has(lang);
  }

  async use(lang: string, opts: { reload?: boolean } = {}): Promise<void> {
    if (!this.loaded.has(lang) || opts.reload) {
      const [bundle, locale] = await Promise.all([this.fetchBundle(lang).catch(() => ({})), (ANTD_LOCALES[lang] ?? ANTD_LOCALES.en_US)!().then((m) => m.default)]);
      this.i18n.addResourceBundle(lang, 'translation', bundle, true, true);
      this.loaded.set(lang, locale);
    }
    await this.i18n.changeLanguage(lang);
    runInAction(() => {
      this.texts.clear();
      this.language = lang;
      this.antdLocale = this.loaded.get(lang);
      this.revision++;
    });
  }

  /** Switches language and saves it as the user's default on the server (language, roleId, organizationId). */
  async switchLanguage(lang: string, roleId: number, organizationId: number): Promise<void> {
    await this.use(lang);
    await saveDefaultLanguage(lang, roleId, organizationId).catch(() => undefined);
  }

  /** Text of a key; the fallback (or the key) when the bundle has none. */
  t(key: string, fallback?: string, vars?: Record<string, unknown>): string {
    void this.revision; // observed, so components re-render on language change
    const text = vars ? this.lookup(key, vars) : this.texts.has(key) ? this.texts.get(key) : this.texts.set(key, this.lookup(key)).get(key);
    if (text !== undefined) return text;
    const base = fallback ?? key;
    return vars ? base.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? '')) : base;
  }

  private lookup(key: string, vars?: Record<string, unknown>): string | undefined {
    return this.i18n.exists(key) ? String(this.i18n.t(key, vars)) : undefined;
  }

  /** A schema label: a key, or an inline `{zh_CN, en_US}` pair. */
  label(l: Label | undefined, fallback = ''): string {
    if (l === undefined) return fallback;
    if (typeof l === 'string') return this.t(l, fallback || l);
    void this.revision;
    return (l as Record<string, string>)[this.language] ?? l.en_US ?? l.zh_CN;
  }
}
