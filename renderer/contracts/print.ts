import type { EntityDecl } from '../schema/entity.ts';
import type { Label } from '../schema/label.ts';
import type { ResolvedColumn, ResolvedField } from '../schema/resolve-field.ts';
import type { DetailTab } from '../schema/screen.ts';
import type { ResolvedSection } from './forms.ts';

/** What the print sheet reads of the page's form (a FormStore): enough to show it, not to edit it. */
export interface PrintedForm {
  readonly entity: EntityDecl;
  readonly values: Record<string, unknown>;
  /** What expressions see (`record`, `user`, `route`), for sections' `visible`. */
  scope(): Record<string, unknown>;
  isVisible(f: ResolvedField): boolean;
}

/**
 * What a detail page hands the `print` action: its header form (values and resolved sections,
 * shown by the same field widgets in view mode) and its line tabs (their columns, shown by the
 * same cells), with the variables that fill the tabs' filters.
 */
export interface PrintDocument {
  title: Label;
  form: PrintedForm;
  sections: ResolvedSection[];
  tabs: Array<{ tab: DetailTab; entity: EntityDecl; columns: ResolvedColumn[] }>;
  vars: Record<string, unknown>;
}
