import type { Queryable } from '../db/database.ts';
import { DEMO_TENANT } from './platform-seed.ts';
import { insertRows } from './insert.ts';

/**
 * Texts the sign-in and registration pages show, for the platform (tenant 0) in both languages;
 * the demo tenant has its own Chinese privacy policy (which wins there), and one text has expired.
 */
export async function seedStaticTexts(db: Queryable): Promise<void> {
  const text = (tenantId: number, textCode: string, lang: string, title: string, body: string, endDate: string | null = null) => ({
    tenantId,
    textCode,
    lang,
    title,
    text: body,
    startDate: '2024-01-01',
    endDate,
  });
  await insertRows(db, 'hpfm_static_text', [
    text(0, 'PRIVACY_POLICY', 'zh_CN', '隐私政策', '<h2>隐私政策</h2><p>我们仅为提供采购与供应商管理服务收集必要的信息，不会向第三方出售您的个人信息。</p>'),
    text(0, 'PRIVACY_POLICY', 'en_US', 'Privacy policy', '<h2>Privacy policy</h2><p>We collect only what the procurement and supplier services need, and never sell your personal data.</p>'),
    text(0, 'REGISTER_AGREEMENT', 'zh_CN', '注册协议', '<h2>用户注册协议</h2><p>注册即表示您同意遵守平台规则，并对账号下的全部操作负责。</p>'),
    text(0, 'REGISTER_AGREEMENT', 'en_US', 'Registration agreement', '<h2>Registration agreement</h2><p>By registering you agree to the platform rules and answer for everything done with your account.</p>'),
    text(0, 'MAINTENANCE_NOTICE', 'zh_CN', '停机公告', '<p>平台已于 2023 年完成升级。</p>', '2023-12-31'),
    text(DEMO_TENANT, 'PRIVACY_POLICY', 'zh_CN', '演示制造公司隐私政策', '<h2>演示制造公司隐私政策</h2><p>本租户的供应商数据仅用于采购合作，保存期限为合作结束后三年。</p>'),
  ]);
}
