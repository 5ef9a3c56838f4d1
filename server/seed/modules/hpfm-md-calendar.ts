import { bumpSequence, insertRows } from '../insert.ts';
import type { SeedStep } from '../seed.ts';

type Holiday = [name: string, nameEn: string, type: 'HOLIDAY' | 'WORKDAY', start: string, end?: string, remark?: string];

/** 国务院办公厅关于 2026 年部分节假日安排的通知: holidays and the weekend days worked instead. */
const CN_2026: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2026-01-01', '2026-01-03', '1月1日至3日放假调休，共3天'],
  ['元旦调休上班', "New Year's Day make-up workday", 'WORKDAY', '2026-01-04', undefined, '1月4日（周日）上班'],
  ['春节调休上班', 'Spring Festival make-up workday', 'WORKDAY', '2026-02-14', undefined, '2月14日（周六）上班'],
  ['春节', 'Spring Festival', 'HOLIDAY', '2026-02-15', '2026-02-23', '2月15日（腊月二十八）至23日（正月初七）放假调休，共9天'],
  ['春节调休上班', 'Spring Festival make-up workday', 'WORKDAY', '2026-02-28', undefined, '2月28日（周六）上班'],
  ['清明节', 'Qingming Festival', 'HOLIDAY', '2026-04-04', '2026-04-06', '4月4日至6日放假，共3天'],
  ['劳动节', 'Labour Day', 'HOLIDAY', '2026-05-01', '2026-05-05', '5月1日至5日放假调休，共5天'],
  ['劳动节调休上班', 'Labour Day make-up workday', 'WORKDAY', '2026-05-09', undefined, '5月9日（周六）上班'],
  ['端午节', 'Dragon Boat Festival', 'HOLIDAY', '2026-06-19', '2026-06-21', '6月19日至21日放假，共3天'],
  ['国庆节调休上班', 'National Day make-up workday', 'WORKDAY', '2026-09-20', undefined, '9月20日（周日）上班'],
  ['中秋节', 'Mid-Autumn Festival', 'HOLIDAY', '2026-09-25', '2026-09-27', '9月25日至27日放假，共3天'],
  ['国庆节', 'National Day', 'HOLIDAY', '2026-10-01', '2026-10-07', '10月1日至7日放假调休，共7天'],
  ['国庆节调休上班', 'National Day make-up workday', 'WORKDAY', '2026-10-10', undefined, '10月10日（周六）上班'],
];

const CN_2025: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2025-01-01'],
  ['春节调休上班', 'Spring Festival make-up workday', 'WORKDAY', '2025-01-26'],
  ['春节', 'Spring Festival', 'HOLIDAY', '2025-01-28', '2025-02-04'],
  ['春节调休上班', 'Spring Festival make-up workday', 'WORKDAY', '2025-02-08'],
  ['清明节', 'Qingming Festival', 'HOLIDAY', '2025-04-04', '2025-04-06'],
  ['劳动节调休上班', 'Labour Day make-up workday', 'WORKDAY', '2025-04-27'],
  ['劳动节', 'Labour Day', 'HOLIDAY', '2025-05-01', '2025-05-05'],
  ['端午节', 'Dragon Boat Festival', 'HOLIDAY', '2025-05-31', '2025-06-02'],
  ['国庆节调休上班', 'National Day make-up workday', 'WORKDAY', '2025-09-28'],
  ['国庆节、中秋节', 'National Day and Mid-Autumn Festival', 'HOLIDAY', '2025-10-01', '2025-10-08'],
  ['国庆节调休上班', 'National Day make-up workday', 'WORKDAY', '2025-10-11'],
];

const US_2026: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2026-01-01'],
  ['马丁·路德·金纪念日', 'Martin Luther King Jr. Day', 'HOLIDAY', '2026-01-19'],
  ['总统日', "Presidents' Day", 'HOLIDAY', '2026-02-16'],
  ['阵亡将士纪念日', 'Memorial Day', 'HOLIDAY', '2026-05-25'],
  ['六月节', 'Juneteenth', 'HOLIDAY', '2026-06-19'],
  ['独立日（补假）', 'Independence Day (observed)', 'HOLIDAY', '2026-07-03'],
  ['劳动节', 'Labor Day', 'HOLIDAY', '2026-09-07'],
  ['哥伦布日', 'Columbus Day', 'HOLIDAY', '2026-10-12'],
  ['退伍军人节', 'Veterans Day', 'HOLIDAY', '2026-11-11'],
  ['感恩节', 'Thanksgiving Day', 'HOLIDAY', '2026-11-26'],
  ['圣诞节', 'Christmas Day', 'HOLIDAY', '2026-12-25'],
];

const DE_2026: Holiday[] = [
  ['元旦', 'Neujahr', 'HOLIDAY', '2026-01-01'],
  ['耶稣受难日', 'Karfreitag', 'HOLIDAY', '2026-04-03'],
  ['复活节星期一', 'Ostermontag', 'HOLIDAY', '2026-04-06'],
  ['劳动节', 'Tag der Arbeit', 'HOLIDAY', '2026-05-01'],
  ['耶稣升天节', 'Christi Himmelfahrt', 'HOLIDAY', '2026-05-14'],
  ['圣灵降临节星期一', 'Pfingstmontag', 'HOLIDAY', '2026-05-25'],
  ['德国统一日', 'Tag der Deutschen Einheit', 'HOLIDAY', '2026-10-03'],
  ['圣诞节', '1. Weihnachtstag', 'HOLIDAY', '2026-12-25'],
  ['节礼日', '2. Weihnachtstag', 'HOLIDAY', '2026-12-26'],
];

const JP_2026: Holiday[] = [
  ['元日', "New Year's Day", 'HOLIDAY', '2026-01-01'],
  ['成人之日', 'Coming of Age Day', 'HOLIDAY', '2026-01-12'],
  ['建国纪念日', 'National Foundation Day', 'HOLIDAY', '2026-02-11'],
  ['天皇诞生日', "Emperor's Birthday", 'HOLIDAY', '2026-02-23'],
  ['春分日', 'Vernal Equinox Day', 'HOLIDAY', '2026-03-20'],
  ['昭和之日', 'Showa Day', 'HOLIDAY', '2026-04-29'],
  ['宪法纪念日、绿之日、儿童节', 'Golden Week', 'HOLIDAY', '2026-05-03', '2026-05-06', '5月6日为宪法纪念日的补休'],
  ['海之日', 'Marine Day', 'HOLIDAY', '2026-07-20'],
  ['山之日', 'Mountain Day', 'HOLIDAY', '2026-08-11'],
  ['敬老日、国民休息日、秋分日', 'Silver Week', 'HOLIDAY', '2026-09-21', '2026-09-23'],
  ['体育之日', 'Sports Day', 'HOLIDAY', '2026-10-12'],
  ['文化之日', 'Culture Day', 'HOLIDAY', '2026-11-03'],
  ['勤劳感谢日', 'Labour Thanksgiving Day', 'HOLIDAY', '2026-11-23'],
];

const GB_2026: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2026-01-01'],
  ['耶稣受难日', 'Good Friday', 'HOLIDAY', '2026-04-03'],
  ['复活节星期一', 'Easter Monday', 'HOLIDAY', '2026-04-06'],
  ['五月初银行假日', 'Early May bank holiday', 'HOLIDAY', '2026-05-04'],
  ['春季银行假日', 'Spring bank holiday', 'HOLIDAY', '2026-05-25'],
  ['夏季银行假日', 'Summer bank holiday', 'HOLIDAY', '2026-08-31'],
  ['圣诞节', 'Christmas Day', 'HOLIDAY', '2026-12-25'],
  ['节礼日（补假）', 'Boxing Day (substitute day)', 'HOLIDAY', '2026-12-28'],
];

const FR_2026: Holiday[] = [
  ['元旦', "Jour de l'an", 'HOLIDAY', '2026-01-01'],
  ['复活节星期一', 'Lundi de Pâques', 'HOLIDAY', '2026-04-06'],
  ['劳动节', 'Fête du Travail', 'HOLIDAY', '2026-05-01'],
  ['二战胜利纪念日', 'Victoire 1945', 'HOLIDAY', '2026-05-08'],
  ['耶稣升天节', 'Ascension', 'HOLIDAY', '2026-05-14'],
  ['圣灵降临节星期一', 'Lundi de Pentecôte', 'HOLIDAY', '2026-05-25'],
  ['国庆日', 'Fête nationale', 'HOLIDAY', '2026-07-14'],
  ['圣母升天节', 'Assomption', 'HOLIDAY', '2026-08-15'],
  ['诸圣节', 'Toussaint', 'HOLIDAY', '2026-11-01'],
  ['一战停战纪念日', 'Armistice 1918', 'HOLIDAY', '2026-11-11'],
  ['圣诞节', 'Noël', 'HOLIDAY', '2026-12-25'],
];

const SG_2026: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2026-01-01'],
  ['劳动节', 'Labour Day', 'HOLIDAY', '2026-05-01'],
  ['国庆日（补假）', 'National Day (observed)', 'HOLIDAY', '2026-08-10'],
  ['圣诞节', 'Christmas Day', 'HOLIDAY', '2026-12-25'],
];

const KR_2026: Holiday[] = [
  ['元旦', "New Year's Day", 'HOLIDAY', '2026-01-01'],
  ['三一节（补休）', 'Independence Movement Day (substitute)', 'HOLIDAY', '2026-03-02'],
  ['儿童节', "Children's Day", 'HOLIDAY', '2026-05-05'],
  ['显忠日', 'Memorial Day', 'HOLIDAY', '2026-06-06'],
  ['光复节（补休）', 'Liberation Day (substitute)', 'HOLIDAY', '2026-08-17'],
  ['开天节（补休）', 'National Foundation Day (substitute)', 'HOLIDAY', '2026-10-05'],
  ['韩文日', 'Hangul Day', 'HOLIDAY', '2026-10-09'],
  ['圣诞节', 'Christmas Day', 'HOLIDAY', '2026-12-25'],
];

const HK_2026: Holiday[] = [
  ['元旦', "The first day of January", 'HOLIDAY', '2026-01-01'],
  ['劳动节', 'Labour Day', 'HOLIDAY', '2026-05-01'],
  ['香港特别行政区成立纪念日', 'HKSAR Establishment Day', 'HOLIDAY', '2026-07-01'],
  ['国庆日', 'National Day', 'HOLIDAY', '2026-10-01'],
  ['圣诞节', 'Christmas Day', 'HOLIDAY', '2026-12-25'],
  ['圣诞节后第一个周日', 'The first weekday after Christmas Day', 'HOLIDAY', '2026-12-26'],
];

/** [country code, calendar name prefix, time zone, weekend days] */
const COUNTRIES: Array<[string, string, string, string]> = [
  ['CN', '中国大陆', 'GMT+8', '6,7'],
  ['HK', '中国香港', 'GMT+8', '7'],
  ['JP', '日本', 'GMT+9', '6,7'],
  ['KR', '韩国', 'GMT+9', '6,7'],
  ['SG', '新加坡', 'GMT+8', '6,7'],
  ['US', '美国', 'GMT-5', '6,7'],
  ['DE', '德国', 'GMT+1', '6,7'],
  ['GB', '英国', 'GMT+0', '6,7'],
  ['FR', '法国', 'GMT+1', '6,7'],
];
const HOLIDAYS: Record<string, Holiday[]> = { 'CN-2026': CN_2026, 'CN-2025': CN_2025, 'US-2026': US_2026, 'DE-2026': DE_2026, 'JP-2026': JP_2026, 'GB-2026': GB_2026, 'FR-2026': FR_2026, 'SG-2026': SG_2026, 'KR-2026': KR_2026, 'HK-2026': HK_2026 };

const days = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86400000) + 1;

/** Working calendars per country and year; the first is mainland China 2026 with its public holidays. */
export const step: SeedStep = {
  version: 'seed:hpfm-md-calendar:v1',
  async run(tx) {
    const countries = new Map(
      (await tx.query<{ code: string; id: number; name: string }>('select country_code as code, country_id::float8 as id, country_name as name from hpfm_country')).rows.map((c) => [c.code, c]),
    );
    const calendars: Array<Record<string, unknown>> = [];
    const holidays: Array<Record<string, unknown>> = [];
    let calendarId = 1;
    for (const year of [2026, 2025, 2027]) {
      for (const [code, prefix, timeZone, weekendDays] of COUNTRIES) {
        const country = countries.get(code);
        const id = calendarId++;
        const list = HOLIDAYS[`${code}-${year}`] ?? [];
        calendars.push({
          calendarId: id,
          calendarName: `${prefix}${year}年工作日历`,
          countryId: country?.id ?? null,
          countryName: country?.name ?? null,
          calendarYear: year,
          timeZone,
          weekendDays,
          description: list.length ? `${prefix}${year}年法定节假日及调休安排` : `${prefix}${year}年工作日历（节假日待维护）`,
          enabledFlag: year === 2027 ? 0 : 1,
        });
        for (const [holidayName, holidayNameEn, holidayType, startDate, endDate, remark] of list) {
          const end = endDate ?? startDate;
          holidays.push({ calendarId: id, holidayName, holidayNameEn, holidayType, startDate, endDate: end, dayCount: days(startDate, end), remark: remark ?? null });
        }
      }
    }
    await insertRows(tx, 'hpfm_calendar', calendars);
    await bumpSequence(tx, 'hpfm_calendar', 'calendar_id');
    await insertRows(tx, 'hpfm_calendar_holiday', holidays);
  },
};
