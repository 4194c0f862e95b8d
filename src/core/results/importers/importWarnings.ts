// Warnings an import collects. Line-level ones are capped so a huge foreign file gives a short,
// readable list instead of one warning per line.

export class ImportWarnings {
  private readonly messages: string[] = [];
  private lineWarnings = 0;
  private skippedLines = 0;

  constructor(private readonly maxLineWarnings = 30) {}

  add(message: string): void {
    this.messages.push(message);
  }

  line(lineNumber: number, message: string): void {
    if (this.lineWarnings >= this.maxLineWarnings) {
      this.skippedLines++;
      return;
    }
    this.lineWarnings++;
    this.messages.push(`line ${lineNumber}: ${message}`);
  }

  toArray(): string[] {
    const more = this.skippedLines > 0 ? [`${this.skippedLines} more lines were not recognised either`] : [];
    return [...this.messages, ...more];
  }
}
