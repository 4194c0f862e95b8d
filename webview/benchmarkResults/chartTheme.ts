// Chart colours come from the VS Code theme (--vscode-charts-* and friends), read at run time:
// a canvas cannot use CSS variables, so they are read again whenever the theme changes.

export interface ChartPalette {
  foreground: string;
  muted: string;
  grid: string;
  background: string;
  fontFamily: string;
  fontSize: number;
  /** line colours in the order series take them */
  series: string[];
  red: string;
  green: string;
  /** high-contrast themes: thicker lines, visible borders */
  highContrast: boolean;
}

// Yellow last: in the light themes it is a dark gold (#bf8803) that reads as the orange beside it,
// and TPC-C's five transactions showed PAYMENT and STOCK_LEVEL in one colour.
const SERIES_VARIABLES: readonly [string, string][] = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-charts-yellow', '#cca700'],
];

export function readChartPalette(): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
  const foreground = read('--vscode-charts-foreground', read('--vscode-foreground', '#cccccc'));
  const classes = document.body.classList;
  return {
    foreground,
    muted: read('--vscode-descriptionForeground', foreground),
    grid: read('--vscode-charts-lines', 'rgba(128, 128, 128, 0.35)'),
    background: read('--vscode-editor-background', '#1e1e1e'),
    fontFamily: read('--vscode-font-family', 'sans-serif'),
    fontSize: Number.parseFloat(read('--vscode-font-size', '13')) || 13,
    series: SERIES_VARIABLES.map(([name, fallback]) => read(name, fallback)),
    red: read('--vscode-charts-red', '#f14c4c'),
    green: read('--vscode-charts-green', '#89d185'),
    highContrast: classes.contains('vscode-high-contrast') || classes.contains('vscode-high-contrast-light'),
  };
}

/** Calls `listener` after VS Code switched the theme (it changes the body class and the variables on <html>). */
export function onThemeChange(listener: () => void): void {
  let scheduled = false;
  const observer = new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      listener();
    });
  });
  observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
}

export function seriesColour(palette: ChartPalette, index: number): string {
  return palette.series[index % palette.series.length];
}
