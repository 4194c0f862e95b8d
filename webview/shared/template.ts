// Fills `{0}`, `{1}`… in a string the host localized. Placeholders without a value stay as they are.
export function fill(template: string, ...values: string[]): string {
  return template.replace(/\{(\d+)\}/g, (placeholder, position: string) => values[Number(position)] ?? placeholder);
}
