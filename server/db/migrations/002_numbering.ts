/** Counters behind generated document numbers (entity `numbering`), one per rule and tenant. */
export const version = '002_numbering';
export const sql = `
create table if not exists sys_number_counter (
  rule_code varchar(60) not null,
  tenant_id bigint not null,
  last_value bigint not null,
  primary key (rule_code, tenant_id)
);
`;
