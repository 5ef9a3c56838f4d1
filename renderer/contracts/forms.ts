import type { ResolvedField } from '../schema/resolve-field.ts';
import type { Section } from '../schema/screen.ts';

type Row = Record<string, unknown>;

export interface ResolvedSection {
  section: Section;
  fields: ResolvedField[];
}

/** What a page hands the `form` action: which entity, which fields, where records go. */
export interface RecordFormSpec {
  entityName: string;
  sections: Section[];
  /** Values every new record gets and no form changes (a line's parent link). */
  fixed?: Row;
  /** Template variables for URLs (user, route parameters, the header). */
  vars: Row;
  /** An explicit collection URL template; by default the entity's path for the current mode. */
  baseUrl?: string;
  /** Sends the validated values another way than a create or update (a status action's fields); the save button says `submitLabel`. */
  send?: (values: Row) => Promise<Row>;
  submitLabel?: string;
}
