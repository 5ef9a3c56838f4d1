import { describe, expect, it } from 'vitest';
import { validateScreenMeta } from '../../renderer/schema/check/meta-validate.ts';
import { attrsToProps, type HzeroPage, importHzeroPage } from '../../renderer/schema/hzero-import.ts';
import { loadEntities } from '../../server/resources/entities.ts';

const entities = loadEntities();

/** The illustrative stored config of ../shared/notes/hzero-api.md §3.2, verbatim. */
const SAMPLE: HzeroPage = JSON.parse(`{"pageCode":"HPFM.DEMO.USER","description":"Demo","fields":[
 {"templateCode":"searchForm","templateType":"DynamicSearchForm","orderSeq":10,"enabledFlag":1,
  "config":[{"attributeName":"col","value":3,"attributeType":"NUMBER"}],
  "fields":[{"fieldName":"companyId","fieldLabel":"公司","componentType":"Lov","requiredFlag":0,"enabledFlag":1,"visiableFlag":1,"colspan":1,"leftOffset":0,"rightOffset":0,"orderSeq":10,
             "config":[{"attributeName":"code","value":"HPFM.COMPANY","attributeType":"STRING"},{"attributeName":"textField","value":"companyName","attributeType":"STRING"}]}]},
 {"templateCode":"grid","templateType":"DynamicTable","orderSeq":110,"enabledFlag":1,
  "config":[{"attributeName":"queryUrl","value":"/hpfm/v1/{organizationId}/companies","attributeType":"STRING"},
            {"attributeName":"rowKey","value":"companyId","attributeType":"STRING"},
            {"attributeName":"queryForm","value":"searchForm","attributeType":"STRING"}],
  "fields":[{"fieldName":"companyNum","fieldLabel":"编码","componentType":"Input","align":"left","width":"150","orderSeq":10,"visiableFlag":1}]},
 {"templateCode":"toolbar","templateType":"DynamicToolbar","orderSeq":210,
  "fields":[{"fieldName":"create","fieldLabel":"新建","componentType":"Button","config":[{"attributeName":"type","value":"primary","attributeType":"STRING"},{"attributeName":"btn.onClick","value":"this.handleCreate","attributeType":"FUNCTION"}]}]}],
 "script":"(function(page){ page.handleCreate = function(){ /* ... */ }; })"}`);

describe('import of an original ui/page config', () => {
  it('converts the sample of hzero-api.md into a list over the entity its queryUrl names', () => {
    const { screen } = importHzeroPage(SAMPLE, { route: '/hpfm/demo/companies', entities });
    expect(validateScreenMeta(screen, 'imported')).toEqual([]);
    expect(screen).toMatchObject({
      version: 1,
      route: '/hpfm/demo/companies',
      kind: 'list',
      entity: 'company',
      title: { zh_CN: 'Demo', en_US: 'Demo' },
      search: { columns: 3, fields: [{ field: 'companyId', label: { zh_CN: '公司', en_US: '公司' } }] },
      table: { columns: [{ field: 'companyNum', label: { zh_CN: '编码' }, width: 150, align: 'left' }] },
    });
    // The entity's own path serves the list, so no explicit data binding; rowKey is its key.
    expect(screen.data).toBeUndefined();
    expect((screen.table as Record<string, unknown>).rowKey).toBeUndefined();
    expect(screen.toolbar).toBeUndefined();
  });

  it('reports what it could not carry over, never running the script', () => {
    const { report } = importHzeroPage(SAMPLE, { entities });
    expect(report).toEqual([
      expect.stringContaining('searchForm.companyId: Lov HPFM.COMPANY not carried over'),
      expect.stringMatching(/^toolbar\.create: button "新建" calls this\.handleCreate; not carried over/),
      'the page script (64 characters) was neither run nor carried over',
    ]);
  });

  it('folds typed attribute rows into props, dotted names nested', () => {
    expect(
      attrsToProps(
        [
          { attributeName: 'col', value: '2', attributeType: 'NUMBER' },
          { attributeName: 'editable', attributeValue: '1', attributeType: 'BOOLEAN' },
          { attributeName: 'style.width', value: '300px', attributeType: 'STRING' },
          { attributeName: 'opts', value: '[1,2]', attributeType: 'ARRAY' },
        ],
        { rowKey: 'id' },
      ),
    ).toEqual({ rowKey: 'id', col: 2, editable: true, style: { width: '300px' }, opts: [1, 2] });
  });

  it('turns a lone form into a detail screen and reports modals, tabs, disabled templates and unknown fields', () => {
    const page: HzeroPage = {
      pageCode: 'X.COMPANY.EDIT',
      description: 'Company',
      fields: [
        {
          templateCode: 'form',
          templateType: 'DynamicForm',
          orderSeq: 10,
          description: 'Basics',
          config: [
            { attributeName: 'queryUrl', value: '/hpfm/v1/{organizationId}/companies/{companyId}', attributeType: 'STRING' },
            { attributeName: 'col', value: 3, attributeType: 'NUMBER' },
          ],
          fields: [
            { fieldName: 'companyName', fieldLabel: '名称', componentType: 'Input', requiredFlag: 1, orderSeq: 20 },
            { fieldName: 'companyNum', fieldLabel: '编码', componentType: 'Input', enabledFlag: 0, orderSeq: 10 },
            { fieldName: 'addressDetail', componentType: 'TextArea', colspan: 3, orderSeq: 30, config: [{ attributeName: 'onChange', value: 'this.onAddress', attributeType: 'FUNCTION' }] },
            { fieldName: 'nickname', componentType: 'Input', visiableFlag: 0, orderSeq: 40 },
          ],
        },
        { templateCode: 'old', templateType: 'DynamicTable', enabledFlag: 0 },
        { templateCode: 'dlg', templateType: 'DynamicModal' },
        { templateCode: 'tabs', templateType: 'DynamicTabs' },
      ],
    };
    const { screen, report } = importHzeroPage(page, { route: '/x/company/detail/:companyId', entities });
    expect(validateScreenMeta(screen, 'imported')).toEqual([]);
    expect(screen).toMatchObject({ kind: 'detail', entity: 'company', idParam: 'companyId' });
    expect(screen.sections).toEqual([
      {
        columns: 3,
        title: { zh_CN: 'Basics', en_US: 'Basics' },
        fields: [
          { field: 'companyNum', label: { zh_CN: '编码', en_US: '编码' }, disabled: true },
          { field: 'companyName', label: { zh_CN: '名称', en_US: '名称' } },
          { field: 'addressDetail', span: 3, widget: 'textarea' },
          { field: 'nickname', visible: 'false' },
        ],
      },
    ]);
    const text = report.join('\n');
    expect(text).toContain('old (DynamicTable): disabled in the original; left out');
    expect(text).toContain('form.addressDetail: "onChange" binds the page-script member this.onAddress');
    expect(text).toContain('form.nickname: not a field of entity company');
    expect(text).toContain('dlg (DynamicModal): not carried over');
    expect(text).toContain('tabs (DynamicTabs): not carried over');
  });

  it('asks for the entity when no declaration has the queryUrl, and keeps the URL as the data binding', () => {
    const page: HzeroPage = { fields: [{ templateCode: 'g', templateType: 'DynamicTable', config: [{ attributeName: 'queryUrl', value: '/xyz/v1/{organizationId}/things' }], fields: [{ fieldName: 'a' }] }] };
    const { screen, report } = importHzeroPage(page, { entities });
    expect(screen).toMatchObject({ entity: 'unknownEntity', data: { list: { url: '/xyz/v1/{tenantId}/things' } } });
    expect(report[0]).toContain('no entity declares the table\'s queryUrl');
  });
});
