// The rows of CH-benCHmark's nation, region and supplier tables, as go-tpc's ch prepare loads them
// with TPC-H's dbgen at scale factor 1 (pingcap/go-tpc tpch/dbgen: nation.go, region.go, supp.go,
// dists.dss): 25 nations and 5 regions with TPC-H's names and keys, 10,000 suppliers
// "Supplier#000000001".. with a nation drawn uniformly, TPC-H's phone format (country code =
// nation + 10), account balances -999.99..9999.99 and comments where 10 in 10,000 name
// "Customer ... Complaints" or "... Recommends". The keys, names and the columns the 22 queries
// join or filter on follow dbgen; the random text (addresses, comments) comes from TiDB Lab's own
// seeded generator, not from dbgen's text grammar, so those strings differ from go-tpc's.

/** TPC-H's nations in key order with their region keys (dists.dss "nations": weights are region deltas). */
export const TPCH_NATIONS: ReadonlyArray<readonly [name: string, regionKey: number]> = [
  ['ALGERIA', 0],
  ['ARGENTINA', 1],
  ['BRAZIL', 1],
  ['CANADA', 1],
  ['EGYPT', 4],
  ['ETHIOPIA', 0],
  ['FRANCE', 3],
  ['GERMANY', 3],
  ['INDIA', 2],
  ['INDONESIA', 2],
  ['IRAN', 4],
  ['IRAQ', 4],
  ['JAPAN', 2],
  ['JORDAN', 4],
  ['KENYA', 0],
  ['MOROCCO', 0],
  ['MOZAMBIQUE', 0],
  ['PERU', 1],
  ['CHINA', 2],
  ['ROMANIA', 3],
  ['SAUDI ARABIA', 4],
  ['VIETNAM', 2],
  ['RUSSIA', 3],
  ['UNITED KINGDOM', 3],
  ['UNITED STATES', 1],
];

export const TPCH_REGIONS: readonly string[] = ['AFRICA', 'AMERICA', 'ASIA', 'EUROPE', 'MIDDLE EAST'];

/** dbgen's supplier count at scale factor 1 (go-tpc's ch prepare always uses 1). */
export const CH_SUPPLIERS = 10_000;

export type ChRow = ReadonlyArray<string | number>;

/** Park-Miller's minimal standard generator, the one dbgen's streams use (seed * 16807 mod 2^31-1). */
export class ParkMillerRandom {
  private seed: number;

  constructor(seed: number) {
    this.seed = seed % 2147483647 || 1;
  }

  next(): number {
    this.seed = (this.seed * 16807) % 2147483647;
    return this.seed;
  }

  /** A whole number in [low, high]. */
  between(low: number, high: number): number {
    return low + Math.floor(((this.next() - 1) / 2147483646) * (high - low + 1));
  }
}

const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ,';
const WORDS = (
  'furiously quickly carefully blithely slyly ironic final regular express special pending bold even ' +
  'silent unusual packages deposits requests accounts instructions theodolites pinto beans foxes ideas ' +
  'dependencies platelets asymptotes courts dolphins multipliers sauternes warthogs frets dinos attainments ' +
  'somas sleep wake are cajole haggle nag use boost affix detect integrate maintain nod was lose sublate ' +
  'solve thrash promise engage hinder print x-ray breach eat grow impress mold poach serve run dazzle snooze'
).split(' ');

/** dbgen's aRand: [min, max] characters of its 64-character alphabet. */
function alphanumeric(random: ParkMillerRandom, min: number, max: number): string {
  const length = random.between(min, max);
  let text = '';
  for (let i = 0; i < length; i++) text += ALPHANUMERIC[random.between(0, 63)];
  return text;
}

/** Text of [min, max] characters made of words (dbgen cuts it from its text pool). */
function text(random: ParkMillerRandom, min: number, max: number): string {
  const length = random.between(min, max);
  let sentence = '';
  while (sentence.length < length) sentence += `${sentence === '' ? '' : ' '}${WORDS[random.between(0, WORDS.length - 1)]}`;
  return sentence.slice(0, length);
}

/** dbgen's FmtMoney of cents. */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function nationRows(seed = 41): ChRow[] {
  const random = new ParkMillerRandom(seed);
  // dbgen's makeText(72): 28..115 characters
  return TPCH_NATIONS.map(([name, regionKey], key) => [key, name, regionKey, text(random, 28, 115)]);
}

export function regionRows(seed = 42): ChRow[] {
  const random = new ParkMillerRandom(seed);
  return TPCH_REGIONS.map((name, key) => [key, name, text(random, 28, 115)]);
}

/** dbgen's makeSupp for keys 1..count (the bbb constants of supp.go: 10 in 10,000 get a complaint or a recommendation). */
export function supplierRows(count = CH_SUPPLIERS, seed = 33): ChRow[] {
  const random = new ParkMillerRandom(seed);
  const rows: ChRow[] = [];
  for (let key = 1; key <= count; key++) {
    const address = alphanumeric(random, 10, 40);
    const nation = random.between(0, TPCH_NATIONS.length - 1);
    const phone = `${String(10 + nation).padStart(2, '0')}-${random.between(100, 999)}-${random.between(100, 999)}-${random.between(1000, 9999)}`;
    const balance = random.between(-99999, 999999);
    let comment = text(random, 25, 100);
    if (random.between(1, 10000) <= 10) {
      const verdict = random.between(0, 100) < 50 ? 'Complaints' : 'Recommends';
      const base = 'Customer ';
      const noise = random.between(0, Math.max(0, comment.length - 19));
      const offset = random.between(0, Math.max(0, comment.length - (19 + noise)));
      comment = comment.padEnd(offset + base.length + noise + verdict.length, ' ');
      comment =
        comment.slice(0, offset) +
        base +
        comment.slice(offset + base.length, offset + base.length + noise) +
        verdict +
        comment.slice(offset + base.length + noise + verdict.length);
    }
    rows.push([key, `Supplier#${String(key).padStart(9, '0')}`, address, nation, phone, money(balance), comment]);
  }
  return rows;
}
