import type { ComponentType } from 'react';
import type { CellProps } from '../cells/types.ts';
import type { FieldProps } from '../fields/types.ts';
import type { PageProps } from '../pages/types.ts';
import type { ActionHandler } from '../actions/types.ts';
import { Registry } from './registry.ts';

/**
 * Every built-in type the schema language knows, in one place. Page kinds and heavy widgets
 * load on demand; adding a type means one line here and one file in its folder.
 */
// Each page kind narrows the screen type it accepts; the host passes the screen of that kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const pageKinds = new Registry<ComponentType<PageProps<any>>>('page kind');
export const fieldWidgets = new Registry<ComponentType<FieldProps>>('field widget');
export const cellRenderers = new Registry<ComponentType<CellProps>>('cell');
export const actionTypes = new Registry<ActionHandler>('action');
/** Custom screens (`kind: custom`) and custom action handlers registered by name. */
export const customComponents = new Registry<ComponentType<Record<string, unknown>>>('custom component');
/** Action handlers registered by name, run by `{"type": "custom", "handler": "<name>"}`; the checker refuses unknown names. */
export const customHandlers = new Registry<ActionHandler>('custom handler');

pageKinds.register('list', () => import('../pages/list/ListPage.tsx'));
pageKinds.register('detail', () => import('../pages/detail/DetailPage.tsx'));
pageKinds.register('form', () => import('../pages/detail/DetailPage.tsx'));
pageKinds.register('edit', () => import('../pages/detail/DetailPage.tsx'));
pageKinds.register('create', () => import('../pages/create/CreatePage.tsx'));
pageKinds.register('dashboard', () => import('../pages/dashboard/DashboardPage.tsx'));
pageKinds.register('custom', () => import('../pages/custom/CustomPage.tsx'));

fieldWidgets.register('input', () => import('../fields/InputField.tsx'));
fieldWidgets.register('textarea', () => import('../fields/TextAreaField.tsx'));
fieldWidgets.register('number', () => import('../fields/NumberField.tsx'));
fieldWidgets.register('money', () => import('../fields/NumberField.tsx'));
fieldWidgets.register('percent', () => import('../fields/NumberField.tsx'));
fieldWidgets.register('date', () => import('../fields/DateField.tsx'));
fieldWidgets.register('datetime', () => import('../fields/DateField.tsx'));
fieldWidgets.register('time', () => import('../fields/DateField.tsx'));
fieldWidgets.register('switch', () => import('../fields/SwitchField.tsx'));
fieldWidgets.register('yn', () => import('../fields/SwitchField.tsx'));
fieldWidgets.register('select', () => import('../fields/SelectField.tsx'));
fieldWidgets.register('lov', () => import('../fields/LovField.tsx'));
fieldWidgets.register('json', () => import('../fields/JsonField.tsx'));
fieldWidgets.register('richtext', () => import('../fields/RichTextField.tsx'));
fieldWidgets.register('attachment', () => import('../fields/AttachmentField.tsx'));
fieldWidgets.register('dateRange', () => import('../fields/DateRangeField.tsx'));
fieldWidgets.register('password', () => import('../fields/PasswordField.tsx'));
fieldWidgets.register('region', () => import('../fields/RegionField.tsx'));

const cell = (name: keyof typeof import('../cells/basic-cells.tsx')) => () => import('../cells/basic-cells.tsx').then((m) => ({ default: m[name] }));
cellRenderers.register('text', cell('TextCell'));
cellRenderers.register('number', cell('NumberCell'));
cellRenderers.register('money', cell('NumberCell'));
cellRenderers.register('percent', cell('NumberCell'));
cellRenderers.register('lov', cell('LovCell'));
cellRenderers.register('flag', cell('FlagCell'));
cellRenderers.register('status', cell('StatusCell'));
cellRenderers.register('link', cell('LinkCell'));
cellRenderers.register('richtext', cell('RichTextCell'));
cellRenderers.register('json', cell('JsonCell'));
cellRenderers.register('password', () => import('../cells/PasswordCell.tsx'));

actionTypes.register('navigate', () => import('../actions/navigate.ts'));
actionTypes.register('request', () => import('../actions/request.ts'));
actionTypes.register('delete', () => import('../actions/delete.ts'));
actionTypes.register('transition', () => import('../actions/transition.ts'));
actionTypes.register('export', () => import('../actions/export.ts'));
actionTypes.register('refresh', () => import('../actions/refresh.ts'));
actionTypes.register('back', () => import('../actions/back.ts'));
actionTypes.register('save', () => import('../actions/save.ts'));
actionTypes.register('modal', () => import('../actions/modal.tsx'));
actionTypes.register('form', () => import('../actions/form.ts'));
actionTypes.register('import', () => import('../actions/import.tsx'));
actionTypes.register('download', () => import('../actions/download.ts'));
actionTypes.register('print', () => import('../actions/print.ts'));
actionTypes.register('custom', () => import('../actions/custom.ts'));
