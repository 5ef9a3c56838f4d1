/**
 * Each user's column arrangement of a table (hidden, order, pins, widths), one row per tenant, user
 * and screen (server/modules/hpfm/table-settings.ts). The tenant is part of the key: the same user
 * working in two tenants keeps two arrangements.
 */
export const version = '003_table_settings';
export const sql = `
create table if not exists hpfm_table_setting (
  tenant_id bigint not null,
  user_id bigint not null,
  screen_code varchar(120) not null,
  settings jsonb not null,
  last_update_date timestamptz not null default now(),
  primary key (tenant_id, user_id, screen_code)
);
`;
