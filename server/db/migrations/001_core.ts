/**
 * Tables that are not screen entities: tokens, join tables and the seed marker.
 * Entity tables come from schemas/entities (see resources/ddl.ts).
 */
export const version = '001_core';
export const sql = `
create table if not exists oauth_token (
  token_hash varchar(64) primary key,
  user_id bigint not null,
  tenant_id bigint not null,
  role_id bigint not null,
  expires_at timestamptz not null,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index if not exists oauth_token_user_idx on oauth_token (user_id);
create table if not exists iam_member_role (
  user_id bigint not null,
  role_id bigint not null,
  primary key (user_id, role_id)
);
create table if not exists iam_role_menu (
  role_id bigint not null,
  menu_id bigint not null,
  primary key (role_id, menu_id)
);
create table if not exists iam_user_config (
  user_id bigint not null,
  config_key varchar(120) not null,
  config_value jsonb,
  primary key (user_id, config_key)
);
`;
