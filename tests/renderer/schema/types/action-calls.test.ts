import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, type ActionType } from '../../../../renderer/schema/types/actions.ts';
import type { ActionCall, ActionPlace } from '../../../../renderer/schema/types/definition.ts';

/**
 * What a click asks of the server, stated by each action type (ACTION_TYPES.calls): the permission
 * guards (server/auth/operation-guards.ts) and the list of the UI's calls (ui-calls.ts) read these
 * instead of switching on the type, so the guard sees the call the renderer makes.
 */
const toolbar: ActionPlace = { row: false, screenKind: 'list' };
const calls = (type: ActionType, a: Record<string, unknown>, at: ActionPlace = toolbar): ActionCall[] => ACTION_TYPES[type].calls({ type, ...a }, at);

describe('the calls of an action type', () => {
  it('are the call the renderer makes: a request without a method is a POST, as renderer/actions/request.ts sends it', () => {
    expect(calls('request', { url: '/x/v1/{tenantId}/things/{id}/close' })).toEqual([{ endpoint: { method: 'POST', url: '/x/v1/{tenantId}/things/{id}/close' } }]);
    expect(calls('request', { url: '/x', method: 'put' })).toEqual([{ endpoint: { method: 'PUT', url: '/x' } }]);
  });

  it('name the entity operation by where the button sits and what the screen is', () => {
    expect(calls('form', {})).toEqual([{ entityOp: 'create' }]);
    expect(calls('form', {}, { row: true })).toEqual([{ entityOp: 'update' }]);
    expect(calls('save', {}, { row: false, screenKind: 'create' })).toEqual([{ entityOp: 'create' }]);
    expect(calls('save', {}, { row: false, screenKind: 'detail' })).toEqual([{ entityOp: 'update' }]);
    expect(calls('export', { url: '/x/export' })).toEqual([{ entityOp: 'export', url: '/x/export' }]);
    expect(calls('transition', { action: 'release' })).toEqual([{ transition: 'release' }]);
    expect(calls('modal', { screen: 'hpfm/currency.create.json' })).toEqual([{ screen: 'hpfm/currency.create.json' }]);
    expect(calls('navigate', { to: '/a/{id}' })).toEqual([{ route: '/a/{id}' }]);
  });

  it('are stated by every type, those that call nothing by an empty list', () => {
    for (const type of Object.keys(ACTION_TYPES) as ActionType[]) expect(typeof ACTION_TYPES[type].calls, type).toBe('function');
    expect(['refresh', 'print', 'custom'].map((t) => calls(t as ActionType, {}))).toEqual([[], [], []]);
  });
});
