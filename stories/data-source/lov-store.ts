import type { LovViewDecl, ValueSetDecl } from '../../renderer/schema/lovs.ts';

export interface LovValueDto {
  value: string;
  meaning: string;
  parentValue: string | null;
  orderSeq: number;
}

/**
 * Value sets and LOV views from schemas/lovs/*.json, answered the way server/platform/lovs.ts
 * answers them (meaning in the caller's language, views with their query fields and columns).
 */
export class LovStore {
  constructor(
    private readonly valueSets: Record<string, ValueSetDecl>,
    private readonly views: LovViewDecl[],
  ) {}

  has(code: string): boolean {
    return Object.hasOwn(this.valueSets, code);
  }

  codes(): string[] {
    return Object.keys(this.valueSets).sort();
  }

  values(code: string, lang: string): LovValueDto[] {
    const set = Object.hasOwn(this.valueSets, code) ? this.valueSets[code] : undefined;
    return (set?.values ?? []).map(([value, zh, en], i) => ({ value, meaning: lang === 'en_US' && en ? en : zh, parentValue: null, orderSeq: (i + 1) * 10 }));
  }

  /** value → meaning, for the `<field>Meaning` of list rows. */
  meanings(code: string, lang: string): Map<string, string> {
    return new Map(this.values(code, lang).map((v) => [v.value, v.meaning]));
  }

  /** Codes → values, the input of the seed generator's `fakeValue`. */
  valueMap(): Map<string, string[]> {
    return new Map(Object.entries(this.valueSets).map(([code, set]) => [code, set.values.map((v) => v[0])]));
  }

  viewCodes(): string[] {
    return this.views.map((v) => v.viewCode);
  }

  /** A view as `/lov-view/info` returns it. */
  viewInfo(viewCode: string): Record<string, unknown> | undefined {
    const v = this.views.find((x) => x.viewCode === viewCode);
    if (!v) return undefined;
    const { entity: _entity, ...rest } = v;
    return {
      ...rest,
      lovName: v.viewName,
      lovTypeCode: 'SQL',
      tenantId: 0,
      title: v.title ?? v.viewName,
      width: v.width ?? 520,
      height: null,
      pageSize: v.pageSize ?? 10,
      delayLoadFlag: 0,
      queryUrl: '/hpfm/v1/{organizationId}/lovs/data',
      queryFields: v.queryFields ?? [],
      tableFields: v.tableFields ?? [],
    };
  }

  /** The entity whose rows a SQL-type value set (a view's LOV code) lists. */
  sourceEntity(lovCode: string): string | undefined {
    return this.views.find((v) => v.lovCode === lovCode)?.entity;
  }
}
