/** Thousands separators (§9) with a fixed number of decimals when given. */
export function formatNumber(v: number | null | undefined, precision: number | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '';
  const fixed = precision === undefined ? String(v) : v.toFixed(precision);
  const [int, frac] = fixed.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac !== undefined ? `${grouped}.${frac}` : grouped;
}
