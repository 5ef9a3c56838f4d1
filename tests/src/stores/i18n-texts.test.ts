import { describe, expect, it } from 'vitest';
import { I18nStore } from '../../../src/stores/I18nStore.ts';

/** Texts are looked up once per bundle (a table asks for the same labels hundreds of times), never stale. */
describe('the texts of the i18n store', () => {
  it('follow a bundle reloaded and a language switched, and fill variables on every call', async () => {
    const bundles: Record<string, Record<string, string>> = { zh_CN: { 'x.save': '保存', 'x.count': '{{n}} 行' }, en_US: { 'x.save': 'Save' } };
    const store = new I18nStore(async (lang) => ({ ...bundles[lang] }));
    expect(store.t('x.save', 'fallback')).toBe('fallback');
    await store.use('zh_CN');
    expect(store.t('x.save')).toBe('保存');
    expect(store.t('x.count', undefined, { n: 3 })).toBe('3 行');
    expect(store.t('x.count', undefined, { n: 4 })).toBe('4 行');
    bundles.zh_CN!['x.save'] = '存';
    await store.use('zh_CN', { reload: true });
    expect(store.t('x.save')).toBe('存');
    await store.use('en_US');
    expect(store.t('x.save')).toBe('Save');
    expect(store.label('x.count', 'rows')).toBe('rows');
  });
});
