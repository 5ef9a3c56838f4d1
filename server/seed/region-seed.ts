import type { Queryable } from '../db/database.ts';
import { bumpSequence, insertRows } from './insert.ts';

type Area = [code: string, name: string, children?: Array<[string, string]>];

/** Countries with their first-level regions and cities (codes: China's administrative codes, ISO 3166-2 elsewhere). */
const COUNTRIES: Array<{ code: string; name: string; quickIndex: string; regions: Area[] }> = [
  {
    code: 'CN',
    name: '中国',
    quickIndex: 'ZG',
    regions: [
      ['110000', '北京市', [['110101', '东城区'], ['110102', '西城区'], ['110105', '朝阳区'], ['110108', '海淀区']]],
      ['310000', '上海市', [['310101', '黄浦区'], ['310104', '徐汇区'], ['310115', '浦东新区']]],
      ['320000', '江苏省', [['320100', '南京市'], ['320200', '无锡市'], ['320400', '常州市'], ['320500', '苏州市']]],
      ['330000', '浙江省', [['330100', '杭州市'], ['330200', '宁波市'], ['330300', '温州市'], ['330400', '嘉兴市']]],
      ['370000', '山东省', [['370100', '济南市'], ['370200', '青岛市'], ['370600', '烟台市']]],
      ['420000', '湖北省', [['420100', '武汉市'], ['420500', '宜昌市'], ['420600', '襄阳市']]],
      ['440000', '广东省', [['440100', '广州市'], ['440300', '深圳市'], ['440400', '珠海市'], ['440600', '佛山市'], ['441900', '东莞市']]],
      ['510000', '四川省', [['510100', '成都市'], ['510700', '绵阳市'], ['511500', '宜宾市']]],
    ],
  },
  {
    code: 'US',
    name: 'United States',
    quickIndex: 'US',
    regions: [
      ['US-CA', 'California', [['US-CA-LA', 'Los Angeles'], ['US-CA-SF', 'San Francisco'], ['US-CA-SD', 'San Diego']]],
      ['US-NY', 'New York', [['US-NY-NYC', 'New York City'], ['US-NY-BUF', 'Buffalo'], ['US-NY-ALB', 'Albany']]],
      ['US-TX', 'Texas', [['US-TX-HOU', 'Houston'], ['US-TX-AUS', 'Austin'], ['US-TX-DAL', 'Dallas']]],
      ['US-WA', 'Washington', [['US-WA-SEA', 'Seattle'], ['US-WA-SPO', 'Spokane']]],
    ],
  },
  {
    code: 'DE',
    name: 'Germany',
    quickIndex: 'DE',
    regions: [
      ['DE-BY', 'Bayern', [['DE-BY-MUC', 'München'], ['DE-BY-NUE', 'Nürnberg'], ['DE-BY-AGB', 'Augsburg']]],
      ['DE-HE', 'Hessen', [['DE-HE-FRA', 'Frankfurt am Main'], ['DE-HE-WIE', 'Wiesbaden'], ['DE-HE-KAS', 'Kassel']]],
      ['DE-NW', 'Nordrhein-Westfalen', [['DE-NW-CGN', 'Köln'], ['DE-NW-DUS', 'Düsseldorf'], ['DE-NW-DTM', 'Dortmund']]],
      ['DE-BE', 'Berlin'],
    ],
  },
];

/** Countries and their region trees, with `levelPath`/`levelNumber` as the region hooks would derive them. */
export async function seedRegions(db: Queryable): Promise<void> {
  const countries: Array<Record<string, unknown>> = [];
  const regions: Array<Record<string, unknown>> = [];
  let regionId = 1;
  COUNTRIES.forEach((c, i) => {
    const countryId = i + 1;
    countries.push({ countryId, countryCode: c.code, countryName: c.name, quickIndex: c.quickIndex, enabledFlag: 1 });
    for (const [code, name, children] of c.regions) {
      const parentId = regionId++;
      regions.push({ regionId: parentId, countryId, regionCode: code, regionName: name, parentRegionId: null, levelPath: code, levelNumber: 1, enabledFlag: 1 });
      for (const [childCode, childName] of children ?? []) {
        regions.push({ regionId: regionId++, countryId, regionCode: childCode, regionName: childName, parentRegionId: parentId, levelPath: `${code}.${childCode}`, levelNumber: 2, enabledFlag: 1 });
      }
    }
  });
  await insertRows(db, 'hpfm_country', countries);
  await bumpSequence(db, 'hpfm_country', 'country_id');
  await insertRows(db, 'hpfm_region', regions);
  await bumpSequence(db, 'hpfm_region', 'region_id');
}
