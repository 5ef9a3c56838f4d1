import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../../renderer/schema/check/problems.ts';
import { projectRoot } from '../../server/paths.ts';
import { checkAllSchemas } from '../../server/schema-check.ts';

const tmp = mkdtempSync(join(tmpdir(), 'schemas-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('every schema file', () => {
  it('passes the meta-schema and all cross-reference checks', async () => {
    const { problems, files } = await checkAllSchemas();
    expect(problems.map(formatProblem)).toEqual([]);
    expect(files).toBeGreaterThan(10);
  });
});

describe('the checker finds mistakes, naming file and JSON path', () => {
  it('reports each problem of a broken screen at once', async () => {
    cpSync(join(projectRoot, 'schemas'), join(tmp, 'schemas'), { recursive: true });
    const file = join(tmp, 'schemas', 'hiam', 'user.list.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.table.columns[1] = 'realNme';
    doc.toolbar[0].permission = 'hiam.user.button.fly';
    doc.toolbar[0].to = '/hiam/nowhere';
    doc.table.rowActions[0].visible = 'record.enabledFlag ==';
    doc.search.fields.push({ field: 'email', widget: 'rainbow' });
    doc.title = 'hiam.user.titel';
    writeFileSync(file, JSON.stringify(doc));
    writeFileSync(join(tmp, 'schemas', 'hiam', 'broken.json'), '{ "version": 1, "kind": "list", ');
    const { problems } = await checkAllSchemas(tmp);
    const lines = problems.map(formatProblem);
    expect(lines).toContain('schemas/hiam/user.list.json /table/columns/1: "realNme" is not a field of entity user; did you mean "realName"?');
    expect(lines.some((l) => l.startsWith('schemas/hiam/user.list.json /toolbar/0/permission: permission "hiam.user.button.fly"'))).toBe(true);
    expect(lines).toContain('schemas/hiam/user.list.json /toolbar/0/to: no screen serves /hiam/nowhere');
    expect(lines.some((l) => l.startsWith('schemas/hiam/user.list.json /table/rowActions/0/visible: expression does not parse'))).toBe(true);
    expect(lines.some((l) => l.startsWith('schemas/hiam/user.list.json /search/fields/6/widget: unknown widget "rainbow"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('schemas/hiam/user.list.json /title: i18n key "hiam.user.titel" does not exist') && l.includes('did you mean "hiam.user.title"'))).toBe(true);
    expect(lines.some((l) => l.startsWith('schemas/hiam/broken.json: not valid JSON'))).toBe(true);
  });

  it('refuses a LOV view whose dialog title or column is typed text instead of an i18n key', async () => {
    const file = join(tmp, 'schemas', 'lovs', 'hiam.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.views[0].title = '选择角色';
    writeFileSync(file, JSON.stringify(doc));
    const lines = (await checkAllSchemas(tmp)).problems.filter((p) => p.file === 'lovs/hiam.json').map(formatProblem);
    expect(lines).toContain('schemas/lovs/hiam.json /views/0/title: "选择角色" is not an i18n key of schemas/i18n: a LOV view\'s labels are keys with zh_CN and en_US texts');
  });

  it('reports meta-schema violations with their path', async () => {
    const file = join(tmp, 'schemas', 'hiam', 'user.create.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.kind = 'grid';
    doc.sections[0].colums = 2;
    writeFileSync(file, JSON.stringify(doc));
    const { problems } = await checkAllSchemas(tmp);
    const lines = problems.filter((p) => p.file === 'hiam/user.create.json').map(formatProblem);
    expect(lines.some((l) => l.includes('/kind: must be one of'))).toBe(true);
  });

  it("checks what a transition writes: its fields exist, its required ones are among them, its side is buyer or supplier", async () => {
    const file = join(tmp, 'schemas', 'entities', 'scm', 'contract-header.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    doc.status.transitions.return.fields = ['returnComent', 'pcStatusCode'];
    doc.status.transitions.return.required = ['remark'];
    writeFileSync(file, JSON.stringify(doc));
    const lines = (await checkAllSchemas(tmp)).problems.filter((p) => p.file.endsWith('contract-header.json')).map(formatProblem);
    expect(lines.some((l) => l.includes('/status/transitions/return/fields/0: "returnComent" is not a field'))).toBe(true);
    expect(lines.some((l) => l.includes('/status/transitions/return/fields/1: "pcStatusCode" is moved by the transition itself'))).toBe(true);
    expect(lines.some((l) => l.includes('/status/transitions/return/required/0: "remark" is not one of the transition\'s fields'))).toBe(true);
    doc.status.transitions.return.fields = ['returnComment'];
    doc.status.transitions.return.required = ['returnComment'];
    doc.status.transitions.return.by = 'anyone';
    writeFileSync(file, JSON.stringify(doc));
    const meta = (await checkAllSchemas(tmp)).problems.filter((p) => p.file.endsWith('contract-header.json')).map(formatProblem);
    expect(meta.some((l) => l.includes('/status/transitions/return/by'))).toBe(true);
  });
});
