/**
 * The data keys of sealed documents (server/sealing/document-keys.ts), each wrapped by a server key
 * kept outside the database (its id names which). A row exists while some offer of the document
 * is sealed; opening deletes it, so what was sealed under it can never be read from a copy again.
 */
export const version = '004_seal_keys';
export const sql = `
create table if not exists seal_document_key (
  document_entity varchar(60) not null,
  document_id bigint not null,
  tenant_id bigint not null,
  key_id varchar(16) not null,
  wrapped_key text not null,
  creation_date timestamptz not null default now(),
  primary key (document_entity, document_id)
);
`;
