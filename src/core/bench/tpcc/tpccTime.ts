// go-tpc's timeFormat ("2006-01-02 15:04:05") of the local time: o_entry_d, h_date, ol_delivery_d, c_since.
export function tpccTimestamp(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

export class TpccDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TpccDataError';
  }
}
