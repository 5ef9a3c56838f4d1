/**
 * Value sets and LOV views are data (`schemas/lovs/<module>.json`, one file per module so several
 * people add codes without touching the same file); these are their shapes, shared by the server
 * seed, the checker and the Storybook data source.
 */
export type ValueSetValue = [value: string, zh: string, en: string];

export interface ValueSetDecl {
  name: string;
  values: ValueSetValue[];
}

export interface LovViewDecl {
  viewCode: string;
  viewName: string;
  lovCode: string;
  valueField: string;
  displayField: string;
  title: string;
  width: number;
  pageSize: number;
  /** The entity whose rows the view lists (a SQL-type value set over it). */
  entity: string;
  queryFields: Array<{ field: string; label: string; dataType: string }>;
  tableFields: Array<{ title: string; dataIndex: string; width?: number }>;
}

/** One `schemas/lovs/<module>.json` file. */
export interface LovFile {
  valueSets?: Record<string, ValueSetDecl>;
  views?: LovViewDecl[];
}

/** Merges the module files (sorted by name) into value sets by code and the list of views; a code declared twice is an error. */
export function mergeLovFiles(files: Array<[name: string, LovFile]>): { valueSets: Record<string, ValueSetDecl>; views: LovViewDecl[] } {
  const valueSets: Record<string, ValueSetDecl> = {};
  const views: LovViewDecl[] = [];
  for (const [name, d] of files) {
    for (const [code, set] of Object.entries(d.valueSets ?? {})) {
      if (valueSets[code]) throw new Error(`value set ${code} is declared twice (schemas/lovs/${name})`);
      valueSets[code] = set;
    }
    views.push(...(d.views ?? []));
  }
  return { valueSets, views };
}
