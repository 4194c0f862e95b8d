// Numbers as the panel shows them, in the user's locale.

export class NumberFormatter {
  private readonly cache = new Map<number, Intl.NumberFormat>();

  constructor(private readonly locale: string) {}

  /** A number with at most `decimals` decimals; '–' when unknown. */
  number(value: number | null | undefined, decimals = 0): string {
    if (value === null || value === undefined || !Number.isFinite(value)) return '–';
    let format = this.cache.get(decimals);
    if (!format) {
      format = new Intl.NumberFormat(this.locale, { maximumFractionDigits: decimals, minimumFractionDigits: 0 });
      this.cache.set(decimals, format);
    }
    return format.format(value);
  }

  /** Throughput: whole numbers from 100 up, two significant decimals below. */
  rate(value: number | null | undefined): string {
    if (value === null || value === undefined) return '–';
    return this.number(value, Math.abs(value) >= 100 ? 0 : 2);
  }

  /** Latency in ms: three significant digits at most. */
  ms(value: number | null | undefined): string {
    if (value === null || value === undefined || !Number.isFinite(value)) return '–';
    const size = Math.abs(value);
    return `${this.number(value, size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3)} ms`;
  }

  seconds(value: number): string {
    return `${this.number(value, value >= 10 ? 0 : 1)} s`;
  }
}
