// Theme colours as canvas colours: chart.js fills need an alpha, and theme variables arrive in
// several CSS notations.

/** The colour with an alpha, for bar fills; theme colours arrive as #rgb, #rrggbb, #rrggbbaa or rgb()/rgba(). */
export function withAlpha(colour: string, alpha: number): string {
  const rgba = parseColour(colour);
  if (!rgba) return colour;
  const [r, g, b, a] = rgba;
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a * alpha * 1000) / 1000})`;
}

export function parseColour(colour: string): [number, number, number, number] | undefined {
  const text = colour.trim();
  const hex = /^#([0-9a-f]{3,8})$/i.exec(text);
  if (hex) {
    const digits = hex[1];
    if (digits.length === 3 || digits.length === 4) {
      const [r, g, b, a = 'ff'] = [...digits].map((digit) => digit + digit);
      return [parseInt(r, 16), parseInt(g, 16), parseInt(b, 16), parseInt(a, 16) / 255];
    }
    if (digits.length === 6 || digits.length === 8) {
      const a = digits.length === 8 ? parseInt(digits.slice(6, 8), 16) / 255 : 1;
      return [parseInt(digits.slice(0, 2), 16), parseInt(digits.slice(2, 4), 16), parseInt(digits.slice(4, 6), 16), a];
    }
    return undefined;
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/i.exec(text);
  if (!rgb) return undefined;
  const alphaText = rgb[4];
  const a = alphaText === undefined ? 1 : alphaText.endsWith('%') ? Number.parseFloat(alphaText) / 100 : Number.parseFloat(alphaText);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), a];
}
