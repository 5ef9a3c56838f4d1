import { insertRows } from '../../seed/insert.ts';
import type { SeedStep } from '../../seed/seed.ts';

/**
 * The platform administrator also works inside the demo tenant (tenant switch); give them an
 * inbox there too, so the message screens show something in either tenant.
 */
export const step: SeedStep = {
  version: 'seed:hmsg-admin-inbox:v1',
  async run(tx) {
    const admin = (await tx.query<{ id: number }>("select id::float8 as id from iam_user where login_name = 'admin'")).rows[0];
    if (!admin) return;
    const subjects = ['Quarterly supplier review is due', 'New purchase requisitions waiting', 'Tender TB-2026-014 opened', 'Contract CT-88 signed', 'Password policy updated'];
    await insertRows(
      tx,
      'hmsg_user_message',
      subjects.map((subject, i) => ({
        tenantId: 1,
        userId: admin.id,
        userMessageTypeCode: 'MSG',
        messageCategoryCode: i % 2 ? 'ORDER' : 'SYSTEM',
        subject,
        content: `<p>${subject}. Open the related screen for details.</p>`,
        readFlag: i < 3 ? 0 : 1,
        clearedFlag: 0,
        fromUserId: null,
        fromUserName: 'System',
      })),
    );
  },
};
