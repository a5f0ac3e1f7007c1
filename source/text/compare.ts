// Sorting and number formatting without ICU: `localeCompare` and `toLocaleString` make V8 load ICU's collation
// and locale data, ~2 MB and ~5 MB of resident memory that stays for the life of the process (measured on Node 20),
// for names that are ASCII in practice. Case folded first so `Web` sorts next to `web`, then code points.
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Names as people number them: the digits in a name compared by value (web-2 before web-10, as sorting by NAME
// does), the rest as compareText; names equal so (web-02, web-2) are ordered by compareText. ASCII is case-folded
// as it is read (lists of 100,000 names are sorted with it); a name with other characters is lowered whole first.
export function compareNatural(a: string, b: string): number {
  const order = naturalOrder(a, b, true) ?? naturalOrder(a.toLowerCase(), b.toLowerCase(), false) ?? 0;
  return order || compareText(a, b);
}

// A text whose plain order (<) is compareNatural's before its tie-break: lowered, and each run of digits written as
// its length and its digits without leading zeros (one kept). The length starts with a digit, so a run meets any
// other character as its first digit did; a longer run is a larger number. Made once per row, it spares a sort
// compareNatural on every comparison (~5 ms of a 1,000-container start, when the code has not been optimised yet).
export function naturalKey(text: string): string {
  const lower = text.toLowerCase();
  let key = '';
  let from = 0;
  for (let i = 0; i < lower.length; i++) {
    if (!isDigit(lower.charCodeAt(i))) continue;
    const {value, end} = digitRun(lower, i);
    key += lower.slice(from, i) + lengthKey(end - value) + lower.slice(value, end);
    from = end;
    i = end - 1;
  }
  return from === 0 ? lower : key + lower.slice(from);
}

// 1–8 as one digit; from 9, '9' and the length's own key and digits: any length, in order.
const lengthKey = (length: number): string =>
  length < 9 ? String(length) : `9${lengthKey(String(length).length)}${length}`;

// Undefined when `ascii` and a character past ASCII is met (its case is folded by toLowerCase instead).
function naturalOrder(x: string, y: string, ascii: boolean): number | undefined {
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    let c = x.charCodeAt(i);
    let d = y.charCodeAt(j);
    if (isDigit(c) && isDigit(d)) {
      const first = digitRun(x, i);
      const second = digitRun(y, j);
      const order = compareDigits(x, first, y, second);
      if (order) return order;
      i = first.end;
      j = second.end;
      continue;
    }
    if (ascii) {
      if (c > 127 || d > 127) return undefined;
      if (c >= 65 && c <= 90) c += 32;
      if (d >= 65 && d <= 90) d += 32;
    }
    if (c !== d) return c < d ? -1 : 1;
    i++;
    j++;
  }
  const left = x.length - i - (y.length - j);
  return left < 0 ? -1 : left > 0 ? 1 : 0;
}

const isDigit = (code: number) => code >= 48 && code <= 57;

// A run of digits from `start`: where its value starts (leading zeros skipped, one digit kept) and where it ends.
type Run = {value: number; end: number};
function digitRun(text: string, start: number): Run {
  let end = start;
  while (end < text.length && isDigit(text.charCodeAt(end))) end++;
  let value = start;
  while (value < end - 1 && text.charCodeAt(value) === 48) value++;
  return {value, end};
}

// Two runs of digits by value (leading zeros skipped): the longer is bigger, else the first digit that differs.
function compareDigits(x: string, first: Run, y: string, second: Run): number {
  const length = first.end - first.value;
  if (length !== second.end - second.value) return length < second.end - second.value ? -1 : 1;
  for (let k = 0; k < length; k++) {
    const c = x.charCodeAt(first.value + k);
    const d = y.charCodeAt(second.value + k);
    if (c !== d) return c < d ? -1 : 1;
  }
  return 0;
}

// 1234567 → "1,234,567" (what toLocaleString('en-US') prints for integers).
export function groupDigits(value: number): string {
  // split gives at least one piece: the whole part is always there.
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
