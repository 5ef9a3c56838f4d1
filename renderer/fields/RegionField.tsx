import { Cascader } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { FieldProps } from '../contracts/fields.ts';
import { platformUrl } from '../data/platform-url.ts';

/** A country and a region as HZERO 1.5's `countries/all` and `regions/lazy-tree` answer them. */
interface CountryRow {
  countryId: number;
  countryCode: string;
  countryName: string;
  hasChildren?: boolean;
}
interface RegionRow {
  regionId: number;
  regionCode: string;
  regionName: string;
  countryId: number;
  hasChildren?: boolean;
}

/** A node of the picker; `regions/cascade/path` answers in this shape. */
interface RegionOption {
  value: string;
  label: string;
  isLeaf: boolean;
  countryId: number;
  regionId?: number;
  children?: RegionOption[];
}

/**
 * A region code picked from country → province → city …: `{"field": "regionCode", "widget": "region"}`.
 * Countries load first, each level when it is opened; a stored code is shown as its full path
 * (`中国 / 广东省 / 深圳市`) by loading the levels along it. The field stores the last region picked
 * (any level below the country).
 */
export default function RegionField({ field, value, onChange, disabled, id, placeholder, mode }: FieldProps) {
  const s = useServices();
  const [options, setOptions] = useState<RegionOption[]>([]);
  const [path, setPathState] = useState<RegionOption[]>([]);
  // The path last picked or loaded: a value the picker itself just set needs no reload.
  const known = useRef<RegionOption[]>([]);
  const setPath = (p: RegionOption[]) => {
    known.current = p;
    setPathState(p);
  };
  const code = value === null || value === undefined || value === '' ? undefined : String(value);

  // A backend that does not say whether a node has children (HZERO's DTOs may not) gets it opened to find out.
  const children = async (countryId: number, parentRegionId?: number): Promise<RegionOption[]> =>
    (await s.request<RegionRow[]>(platformUrl(s, 'regionChildren', { countryId }), { query: { enabledFlag: 1, ...(parentRegionId ? { regionId: parentRegionId } : {}) } })).map((r) => ({
      value: r.regionCode,
      label: r.regionName,
      isLeaf: r.hasChildren === false,
      countryId: r.countryId ?? countryId,
      regionId: r.regionId,
    }));
  const countriesOf = async (): Promise<RegionOption[]> =>
    (await s.request<CountryRow[]>(platformUrl(s, 'regionCountries'), { query: { enabledFlag: 1 } })).map((c) => ({ value: c.countryCode, label: c.countryName, isLeaf: c.hasChildren === false, countryId: c.countryId }));

  useEffect(() => {
    let live = true;
    if (code && known.current[known.current.length - 1]?.value === code && options.length) return;
    void (async () => {
      const countries = await countriesOf();
      if (!code) {
        if (live) setOptions(countries);
        return;
      }
      // The stored code's path, and the siblings at each level of it, so the picker opens where the value is.
      const chain = await s.request<RegionOption[]>(platformUrl(s, 'regionPath'), { query: { regionCode: code } });
      const levels = await Promise.all(chain.slice(0, -1).map((n) => children(n.countryId, n.regionId)));
      let list = countries;
      chain.forEach((node, i) => {
        const hit = list.find((o) => o.value === node.value);
        if (hit && levels[i]) list = hit.children = levels[i];
      });
      if (live) {
        setOptions(countries);
        setPath(chain);
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload only when the stored code or the context changes
  }, [s, code]);

  const selected = path.length && path[path.length - 1]!.value === code ? path.map((n) => n.value) : code ? [code] : [];
  if (mode === 'view') return <span data-field-text={field.name}>{path.map((n) => n.label).join(' / ') || code || ''}</span>;
  return (
    <Cascader<RegionOption>
      id={id}
      style={{ width: '100%' }}
      options={options}
      value={selected}
      disabled={disabled}
      placeholder={placeholder}
      changeOnSelect
      showSearch={false}
      displayRender={(labels) => labels.join(' / ')}
      loadData={(picked) => {
        const target = picked[picked.length - 1]!;
        void children(target.countryId, target.regionId).then((kids) => {
          target.children = kids;
          target.isLeaf = kids.length === 0;
          setOptions((o) => [...o]);
        });
      }}
      onChange={(_values, picked) => {
        const nodes = (picked ?? []) as RegionOption[];
        // The country alone is not a region: only a level below it is a value.
        const last = nodes.length > 1 ? nodes[nodes.length - 1] : undefined;
        setPath(last ? nodes : []);
        onChange(last ? last.value : null);
      }}
    />
  );
}
