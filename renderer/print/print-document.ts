import type { ResolvedSection } from '../form/FormSections.tsx';
import type { FormStore } from '../form/FormStore.ts';
import type { EntityDecl } from '../schema/entity.ts';
import type { Label } from '../schema/label.ts';
import type { ResolvedColumn } from '../schema/resolve-field.ts';
import type { DetailTab } from '../schema/screen.ts';

/**
 * What a detail page hands the `print` action: its header form (values and resolved sections,
 * shown by the same field widgets in view mode) and its line tabs (their columns, shown by the
 * same cells), with the variables that fill the tabs' filters.
 */
export interface PrintDocument {
  title: Label;
  form: FormStore;
  sections: ResolvedSection[];
  tabs: Array<{ tab: DetailTab; entity: EntityDecl; columns: ResolvedColumn[] }>;
  vars: Record<string, unknown>;
}
