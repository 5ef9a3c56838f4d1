import type { ComponentType } from 'react';
import type { ActionHandler } from '../contracts/actions.ts';
import type { CellProps } from '../contracts/cells.ts';
import type { FieldProps } from '../contracts/fields.ts';
import type { PageComponent } from '../contracts/pages.ts';
import type { LazyModule } from '../contracts/registries.ts';
import type { ActionType } from '../schema/types/actions.ts';
import type { CellType } from '../schema/types/cells.ts';
import type { PageKind } from '../schema/types/page-kinds.ts';
import type { WidgetType } from '../schema/types/widgets.ts';

/**
 * The renderer's implementation of every built-in type, keyed by the schema language's type tables
 * (renderer/schema/types): a type added there and not here is a compile error. Page kinds and
 * widgets load on demand, each its own chunk.
 */
const detail = () => import('../pages/detail/DetailPage.tsx');
export const PAGE_IMPLS: Record<PageKind, LazyModule<PageComponent>> = {
  list: () => import('../pages/list/ListPage.tsx'),
  detail,
  form: detail,
  edit: detail,
  create: () => import('../pages/create/CreatePage.tsx'),
  dashboard: () => import('../pages/dashboard/DashboardPage.tsx'),
  custom: () => import('../pages/custom/CustomPage.tsx'),
  wizard: () => import('../pages/wizard/WizardPage.tsx'),
};

const number = () => import('../fields/NumberField.tsx');
const date = () => import('../fields/DateField.tsx');
const toggle = () => import('../fields/SwitchField.tsx');
export const WIDGET_IMPLS: Record<WidgetType, LazyModule<ComponentType<FieldProps>>> = {
  input: () => import('../fields/InputField.tsx'),
  textarea: () => import('../fields/TextAreaField.tsx'),
  number,
  money: number,
  percent: number,
  date,
  datetime: date,
  time: date,
  switch: toggle,
  yn: toggle,
  select: () => import('../fields/SelectField.tsx'),
  lov: () => import('../fields/LovField.tsx'),
  json: () => import('../fields/JsonField.tsx'),
  richtext: () => import('../fields/RichTextField.tsx'),
  attachment: () => import('../fields/AttachmentField.tsx'),
  dateRange: () => import('../fields/DateRangeField.tsx'),
  password: () => import('../fields/PasswordField.tsx'),
  region: () => import('../fields/RegionField.tsx'),
};

const basic = (name: keyof typeof import('../cells/basic-cells.tsx')) => () => import('../cells/basic-cells.tsx').then((m) => ({ default: m[name] }));
export const CELL_IMPLS: Record<CellType, LazyModule<ComponentType<CellProps>>> = {
  text: basic('TextCell'),
  number: basic('NumberCell'),
  money: basic('NumberCell'),
  percent: basic('NumberCell'),
  date: basic('DateCell'),
  datetime: basic('DateTimeCell'),
  lov: basic('LovCell'),
  flag: basic('FlagCell'),
  status: basic('StatusCell'),
  link: basic('LinkCell'),
  richtext: basic('RichTextCell'),
  json: basic('JsonCell'),
  password: () => import('../cells/PasswordCell.tsx'),
};

export const ACTION_IMPLS: Record<ActionType, LazyModule<ActionHandler>> = {
  navigate: () => import('../actions/navigate.ts'),
  request: () => import('../actions/request.ts'),
  delete: () => import('../actions/delete.ts'),
  transition: () => import('../actions/transition.ts'),
  export: () => import('../actions/export.tsx'),
  refresh: () => import('../actions/refresh.ts'),
  back: () => import('../actions/back.ts'),
  save: () => import('../actions/save.ts'),
  modal: () => import('../actions/modal.tsx'),
  form: () => import('../actions/form.ts'),
  import: () => import('../actions/import.tsx'),
  download: () => import('../actions/download.ts'),
  print: () => import('../actions/print.ts'),
  custom: () => import('../actions/custom.ts'),
};
