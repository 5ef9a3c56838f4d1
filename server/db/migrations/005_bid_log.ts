/**
 * The tamper-evident bid log (server/bid-log/): one hash chain per sealed document, appended in
 * the transaction of each bid event, never updated. `seq` is unique per document, so even
 * without the append's lock two writers could not both add the same link.
 */
export const version = '005_bid_log';
export const sql = `
create table if not exists ssrc_bid_log (
  log_id bigserial primary key,
  tenant_id bigint not null,
  document_entity varchar(40) not null,
  document_id bigint not null,
  seq integer not null,
  event varchar(20) not null,
  actor_user_id bigint not null,
  supplier_id bigint,
  detail jsonb not null,
  occurred_at timestamptz not null,
  prev_hash char(64) not null,
  hash char(64) not null,
  unique (document_entity, document_id, seq)
);
`;
