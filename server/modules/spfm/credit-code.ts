/**
 * The unified social credit code (GB 32100-2015): 18 characters from a 31-character alphabet
 * (digits and capitals without I, O, S, V, Z); the last is a check character over the first 17,
 * weighted by 3^i mod 31. A typo in any one character changes it, so a mistyped code is caught
 * before anyone tries to certify it.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character the first 17 characters call for. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  let weight = 1;
  for (let i = 0; i < 17; i++) {
    sum += ALPHABET.indexOf(first17[i]!) * weight;
    weight = (weight * 3) % 31;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Why a code is not a valid unified social credit code, or undefined when it is. */
export function creditCodeProblem(code: unknown): string | undefined {
  const s = typeof code === 'string' ? code : '';
  if (s.length !== 18) return 'unifiedSocialCode must be 18 characters';
  if (!SHAPE.test(s)) return 'unifiedSocialCode holds characters a credit code cannot (I, O, S, V, Z or lower case)';
  const want = creditCodeCheckChar(s.slice(0, 17));
  if (s[17] !== want) return `unifiedSocialCode ${s}: its check character is wrong (the first 17 characters call for ${want})`;
  return undefined;
}

/** A valid code from 17 characters (demo data and tests). */
export const withCheckChar = (first17: string) => first17 + creditCodeCheckChar(first17);
